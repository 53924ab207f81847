/**
 * The privacy notice for parents, pupils' guardians and schools (issue 18), in plain words.
 * Every claim here is enforced by a test named in docs/DPIA.md. The retention period is the
 * server's setting (RESULTS_RETENTION_DAYS), read from it, so the page never states a number
 * the server does not apply.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { retentionSentence, type PrivacySettings } from "../../../shared/retention.ts";
import { api } from "../../lib/api-client.ts";
import { AppFooter } from "../../components/app-footer.tsx";

export default function PrivacyPage() {
  const settings = useQuery({ queryKey: ["privacy"], queryFn: () => api<PrivacySettings>("/api/privacy") });
  return (
    <>
      <main className="page narrow-wide privacy">
        <h1>Privacy: what Cluehunt keeps about children</h1>
        <p className="lead">
          Cluehunt is a quiz game for classrooms. Your child&apos;s school decides to use it and is responsible for the data (the school is the
          &ldquo;data controller&rdquo;). This page says, in plain words, what is kept, for how long, who can see it and how to have it deleted.
        </p>

        <section aria-labelledby="privacy-stored">
          <h2 id="privacy-stored">What is kept about a child</h2>
          <ul>
            <li>The first name your child types when joining a game.</li>
            <li>Which answer they chose for each question, whether it was right, and how many tries it took.</li>
            <li>When they started and finished, and whether they pressed &ldquo;Ask for help&rdquo;.</li>
          </ul>
          <p>That is all. Children do not make an account. Cluehunt never asks a child for:</p>
          <ul>
            <li>an email address, a surname, a photo, an address or a date of birth;</li>
            <li>their location. (To stop anyone guessing join codes, the server counts join attempts from each internet address for a few minutes; that count is never linked to a name.)</li>
          </ul>
          <p>
            There is <strong>no tracking, no advertising, and no requests to other companies&apos; websites</strong>: every page, picture and font comes
            from the school&apos;s own Cluehunt server. The device keeps one small cookie so a child who loses Wi-Fi can come back to the same game; it
            ends with the school day.
          </p>
        </section>

        <section aria-labelledby="privacy-how-long">
          <h2 id="privacy-how-long">How long it is kept</h2>
          <p>
            A game&apos;s results (names and answers) are <strong>{settings.data ? retentionSentence(settings.data.retentionDays) : "deleted automatically a set time after the game ends"}</strong>. The teacher sees the exact date on the results page. A teacher can delete a game&apos;s results sooner at any
            time, or download them to keep in the school&apos;s own records.
          </p>
        </section>

        <section aria-labelledby="privacy-who">
          <h2 id="privacy-who">Who can see it</h2>
          <ul>
            <li>Only the teacher who ran the game sees the names and answers. Other teachers cannot.</li>
            <li>Children do not see each other&apos;s answers or scores. There is no ranking of children.</li>
            <li>The names of the children in a group appear on the classroom screen while the game runs.</li>
          </ul>
          <p>Cluehunt does not use children&apos;s answers for anything else: no profiles, no marketing, no training of computer programs.</p>
        </section>

        <section aria-labelledby="privacy-deleted">
          <h2 id="privacy-deleted">How to have it deleted</h2>
          <p>
            Ask your child&apos;s teacher or the school&apos;s principal. The teacher can delete a game&apos;s results at once from the results page; a
            teacher who deletes their account deletes every game, result and name in it. Otherwise everything goes by itself after the period above.
            You can also contact the school&apos;s data protection officer, and you have the right to complain to the Data Protection Commission
            (dataprotection.ie).
          </p>
        </section>

        <section aria-labelledby="privacy-teachers">
          <h2 id="privacy-teachers">For teachers</h2>
          <p>
            Your account keeps your name, email address and a scrambled form of your password, your games, and your sessions&apos; results. From your
            account page you can change them, download everything as one file, sign out everywhere, or delete the account with everything in it.
            Schools can read the data protection impact assessment (DPIA) that comes with Cluehunt.
          </p>
        </section>

        <p>
          <Link to="/">Back to the start page</Link>
        </p>
      </main>
      <AppFooter />
    </>
  );
}
