/** The teacher's account: name, email, password, sign out everywhere, download, delete. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import {
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
} from "../../../shared/account/account-contracts.ts";
import { FormField } from "../../components/form-field.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { queryKeys } from "../../lib/query-keys.ts";
import {
  ACCOUNT_EXPORT_URL,
  changeEmail,
  changeName,
  changePassword,
  deleteAccount,
  signOutEverywhere,
} from "./account-api.ts";
import { AccountForm } from "./account-form.tsx";

export default function AccountPage() {
  const auth = useAuth();
  const user = auth.kind === "teacher" ? auth.user : null;
  const queryClient = useQueryClient();
  const t = useT();
  const [displayName, setDisplayName] = useState(user?.displayName ?? "");
  const [newEmail, setNewEmail] = useState("");
  // Each form asks for the password on its own: typed for one, it must not arm another.
  const [emailPassword, setEmailPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [deletePassword, setDeletePassword] = useState("");
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
        <h1>{t("account.title")}</h1>
        <Link className="button button-secondary" to="/dashboard">
          {t("common.backToDashboard")}
        </Link>
      </header>
      <main>
        <AccountForm
          title="account.name.title"
          intro={<p className="meta">{t("account.name.intro")}</p>}
          schema={ChangeNameSchema}
          values={() => ({ displayName })}
          action={changeName}
          onDone={(result) => {
            if (result.user) queryClient.setQueryData(queryKeys.me, { user: result.user });
          }}
          submitLabel="account.name.submit"
          pendingLabel="account.saving"
        >
          <FormField
            label="account.field.displayName"
            autoComplete="name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </AccountForm>

        <AccountForm
          title="account.email.title"
          intro={
            <p className="meta">
              <Slotted id="account.email.intro" slots={{ email: <strong>{user.email}</strong> }} />
            </p>
          }
          schema={ChangeEmailSchema}
          values={() => ({ newEmail, currentPassword: emailPassword })}
          action={changeEmail}
          onDone={() => setEmailPassword("")}
          submitLabel="account.email.submit"
          pendingLabel="account.sending"
        >
          <FormField
            label="account.field.newEmail"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.target.value)}
          />
          <CurrentPasswordField value={emailPassword} onChange={setEmailPassword} />
        </AccountForm>

        <AccountForm
          title="account.password.title"
          intro={<p className="meta">{t("account.password.intro")}</p>}
          schema={ChangePasswordSchema}
          values={() => ({ currentPassword, newPassword })}
          action={changePassword}
          onDone={() => {
            setCurrentPassword("");
            setNewPassword("");
          }}
          submitLabel="account.password.submit"
          pendingLabel="account.changing"
        >
          <CurrentPasswordField value={currentPassword} onChange={setCurrentPassword} />
          <FormField
            label="account.field.newPassword"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </AccountForm>

        <AccountForm
          title="account.everywhere.title"
          intro={<p className="meta">{t("account.everywhere.intro")}</p>}
          values={() => undefined}
          action={signOutEverywhere}
          onDone={() => leave("/login")}
          submitLabel="account.everywhere.submit"
          pendingLabel="account.signingOut"
        />

        <section className="card account-section" aria-labelledby="account-your-data">
          <h2 id="account-your-data">{t("account.data.title")}</h2>
          <p className="meta">{t("account.data.intro")}</p>
          <p>
            <a className="button button-secondary" href={ACCOUNT_EXPORT_URL} download>
              {t("account.data.download")}
            </a>
          </p>
          <p className="meta">
            <Link to="/privacy">{t("account.data.privacyLink")}</Link>
          </p>
        </section>

        <AccountForm
          title="account.delete.title"
          intro={
            <p className="meta">
              <Slotted id="account.delete.intro" slots={{ email: <strong>{user.email}</strong> }} />
            </p>
          }
          schema={DeleteAccountSchema}
          values={() => ({ confirmation, currentPassword: deletePassword })}
          action={deleteAccount}
          onDone={() => leave("/")}
          submitLabel="account.delete.submit"
          pendingLabel="account.deleting"
          danger
        >
          <FormField
            label="account.field.confirmation"
            type="email"
            autoComplete="off"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
          />
          <CurrentPasswordField value={deletePassword} onChange={setDeletePassword} />
        </AccountForm>
      </main>
    </div>
  );
}

/** The current password, asked by the email, password and deletion forms, each with its own state. */
function CurrentPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField
      label="account.field.currentPassword"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
