/** The teacher's account (issue 18): name, email, password, sign out everywhere, download, delete. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { ChangeEmailSchema, ChangeNameSchema, ChangePasswordSchema, DeleteAccountSchema } from "../../../shared/account-contracts.ts";
import { FormField } from "../../components/form-field.tsx";
import { meQueryKey } from "../../lib/auth/auth-api.ts";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { AccountForm } from "./account-form.tsx";
import { ACCOUNT_EXPORT_URL, changeEmail, changeName, changePassword, deleteAccount, signOutEverywhere } from "./account-api.ts";

export default function AccountPage() {
  const auth = useAuth();
  const user = auth.kind === "teacher" ? auth.user : null;
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(user?.displayName ?? "");
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");

  /**
   * Signed out (everywhere, or the account is gone): a full page load, so nothing of the
   * account stays in this tab's memory (and the teacher-only guard cannot race the move).
   */
  const leave = (to: string) => window.location.replace(to);

  if (!user) return null;
  return (
    <div className="page narrow-wide account">
      <header className="dashboard-header">
        <h1>My Account</h1>
        <Link className="button button-secondary" to="/dashboard">
          Back to Dashboard
        </Link>
      </header>
      <main>
        <AccountForm
          title="Your name"
          intro={<p className="meta">Pupils never see it; it is shown on your dashboard.</p>}
          schema={ChangeNameSchema}
          values={() => ({ displayName })}
          action={changeName}
          onDone={(result) => {
            if (result.user) queryClient.setQueryData(meQueryKey, { user: result.user });
          }}
          submitLabel="Save name"
          pendingLabel="Saving..."
        >
          <FormField label="Display name" autoComplete="name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} />
        </AccountForm>

        <AccountForm
          title="Email address"
          intro={
            <p className="meta">
              Now: <strong>{user.email}</strong>. The change happens when you open the link we send to the new address.
            </p>
          }
          schema={ChangeEmailSchema}
          values={() => ({ newEmail })}
          action={changeEmail}
          submitLabel="Send confirmation link"
          pendingLabel="Sending..."
        >
          <FormField label="New email address" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        </AccountForm>

        <AccountForm
          title="Password"
          intro={<p className="meta">Changing it signs you out on every other device.</p>}
          schema={ChangePasswordSchema}
          values={() => ({ currentPassword, newPassword })}
          action={changePassword}
          onDone={() => {
            setCurrentPassword("");
            setNewPassword("");
          }}
          submitLabel="Change password"
          pendingLabel="Changing..."
        >
          <FormField label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
          <FormField label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} />
        </AccountForm>

        <AccountForm
          title="Sign out everywhere"
          intro={<p className="meta">Signs this account out on every computer, tablet and phone at once, this one included.</p>}
          values={() => undefined}
          action={signOutEverywhere}
          onDone={() => leave("/login")}
          submitLabel="Sign out everywhere"
          pendingLabel="Signing out..."
        />

        <section className="card account-section" aria-labelledby="account-your-data">
          <h2 id="account-your-data">Your data</h2>
          <p className="meta">
            One file with your games and questions, your sessions, and every pupil&apos;s first name and answers. Pupils&apos; results are deleted
            automatically some time after each session ends (the results page says when): download them first to keep them.
          </p>
          <p>
            <a className="button button-secondary" href={ACCOUNT_EXPORT_URL} download>
              Download all my data
            </a>
          </p>
          <p className="meta">
            <Link to="/privacy">What Cluehunt stores, and for how long</Link>
          </p>
        </section>

        <AccountForm
          title="Delete my account"
          intro={
            <p className="meta">
              This deletes your account, your games, your sessions and all your pupils&apos; names and answers, for good. To confirm, type your email
              address: <strong>{user.email}</strong>
            </p>
          }
          schema={DeleteAccountSchema}
          values={() => ({ confirmation })}
          action={deleteAccount}
          onDone={() => leave("/")}
          submitLabel="Delete my account"
          pendingLabel="Deleting..."
          danger
        >
          <FormField label="Type your email address" type="email" autoComplete="off" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />
        </AccountForm>
      </main>
    </div>
  );
}
