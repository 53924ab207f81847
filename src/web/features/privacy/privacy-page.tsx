/**
 * The privacy notice for parents, pupils' guardians and schools, in plain words, in
 * English and Irish. Every claim here is enforced by a test named in docs/DPIA.md. The
 * retention period is the server's setting (RESULTS_RETENTION_DAYS), read from it, so the page
 * never states a number the server does not apply.
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { msg } from "../../../shared/i18n/messages.ts";
import { resultsEndpoints } from "../../../shared/results/results-endpoints.ts";
import { AppFooter } from "../../components/app-footer.tsx";
import { apiCall } from "../../lib/api-client.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { Slotted } from "../../lib/i18n/slotted.tsx";
import { queryKeys } from "../../lib/query-keys.ts";

export default function PrivacyPage() {
  const t = useT();
  const settings = useQuery({ queryKey: queryKeys.privacy, queryFn: () => apiCall(resultsEndpoints.privacy) });
  const howLong = settings.data
    ? t(msg("privacy.howLong.deleted", { count: settings.data.retentionDays }))
    : t("privacy.howLong.deletedSetTime");
  return (
    <>
      <main className="page narrow-wide privacy">
        <h1>{t("privacy.title")}</h1>
        <p className="lead">{t("privacy.lead")}</p>

        <section aria-labelledby="privacy-stored">
          <h2 id="privacy-stored">{t("privacy.stored.title")}</h2>
          <ul>
            <li>{t("privacy.stored.name")}</li>
            <li>{t("privacy.stored.answers")}</li>
            <li>{t("privacy.stored.stations")}</li>
            <li>{t("privacy.stored.tablet")}</li>
            <li>{t(msg("privacy.stored.times", { help: t("pupil.play.askHelp") }))}</li>
            <li>{t("privacy.stored.savedClass")}</li>
            <li>{t("privacy.stored.classProgress")}</li>
          </ul>
          <p>{t("privacy.stored.thatIsAll")}</p>
          <ul>
            <li>{t("privacy.stored.neverPersonal")}</li>
            <li>{t("privacy.stored.neverLocation")}</li>
          </ul>
          <p>
            <Slotted
              id="privacy.stored.noTracking"
              slots={{ claim: <strong>{t("privacy.stored.noTrackingClaim")}</strong> }}
            />
          </p>
        </section>

        <section aria-labelledby="privacy-how-long">
          <h2 id="privacy-how-long">{t("privacy.howLong.title")}</h2>
          <p>
            <Slotted id="privacy.howLong.text" slots={{ deleted: <strong>{howLong}</strong> }} />
          </p>
        </section>

        <section aria-labelledby="privacy-who">
          <h2 id="privacy-who">{t("privacy.who.title")}</h2>
          <ul>
            <li>{t("privacy.who.teacher")}</li>
            <li>{t("privacy.who.children")}</li>
            <li>{t("privacy.who.screen")}</li>
            <li>{t("privacy.who.classList")}</li>
          </ul>
          <p>{t("privacy.who.noOtherUse")}</p>
        </section>

        <section aria-labelledby="privacy-deleted">
          <h2 id="privacy-deleted">{t("privacy.deleted.title")}</h2>
          <p>{t("privacy.deleted.text")}</p>
        </section>

        <section aria-labelledby="privacy-teachers">
          <h2 id="privacy-teachers">{t("privacy.teachers.title")}</h2>
          <p>{t("privacy.teachers.text")}</p>
        </section>

        <p>
          <Link to="/">{t("privacy.back")}</Link>
        </p>
      </main>
      <AppFooter />
    </>
  );
}
