/**
 * My classes (/classes): the teacher's saved classes, each with its level and number of
 * pupils, Edit and Delete (confirmed first); and the form for a new class. Start Session then
 * offers each class instead of pasting its list again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { catalogueNameKey } from "../../../shared/games/curriculum.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { createClass, deleteClass, fetchClasses, type SavedClass } from "../../lib/classes-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { ClassForm } from "./class-form.tsx";
import "../../styles/classes.css";
import { queryKeys } from "../../lib/query-keys.ts";

export default function ClassesPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const classes = useQuery({ queryKey: queryKeys.classes, queryFn: fetchClasses, select: (r) => r.classes });
  // Each saved class gives a fresh, empty form.
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedClass | null>(null);
  const create = useMutation({
    mutationFn: createClass,
    onSuccess: async ({ class: saved }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes });
      setFormKey((k) => k + 1);
      setNotice(t(msg("classes.saved", { name: saved.name })));
    },
  });
  const remove = useMutation({
    mutationFn: (c: SavedClass) => deleteClass(c.id),
    onSuccess: async (_, c) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes });
      setDeleting(null);
      setNotice(t(msg("classes.deleted", { name: c.name })));
    },
  });

  return (
    <main className="page wide classes-page">
      <p>
        <Link to="/dashboard">{t("common.backToDashboardArrow")}</Link>
      </p>
      <h1>{t("classes.title")}</h1>
      <p className="lead">{t("classes.intro")}</p>
      {notice ? (
        <p role="status" className="success">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="saved-classes" className="dashboard-section">
        <h2 id="saved-classes">{t("classes.listTitle")}</h2>
        {classes.isPending ? <p role="status">{t("common.loading")}</p> : null}
        {classes.isError ? (
          <p role="alert" className="error">
            {t("classes.loadFailed")}
          </p>
        ) : null}
        {classes.data?.length === 0 ? <p>{t("classes.none")}</p> : null}
        {classes.data && classes.data.length > 0 ? (
          <ul className="card-list">
            {classes.data.map((c) => (
              <li key={c.id} className="card item-card">
                <h3>{c.name}</h3>
                <p className="meta">
                  {c.level ? t(catalogueNameKey("level", c.level)) : t("classes.noLevel")}
                  {" · "}
                  {t(msg("classes.pupilCount", { count: c.names.length }))}
                </p>
                <div className="actions">
                  <Link
                    className="button button-small"
                    to={`/classes/${encodeURIComponent(c.id)}/progress`}
                    aria-label={t(msg("classes.progressLabel", { name: c.name }))}
                  >
                    {t("classes.progressLink")}
                  </Link>
                  <Link
                    className="button button-secondary button-small"
                    to={`/classes/${encodeURIComponent(c.id)}`}
                    aria-label={t(msg("classes.editLabel", { name: c.name }))}
                  >
                    {t("classes.edit")}
                  </Link>
                  <button
                    type="button"
                    className="button button-secondary button-small button-delete"
                    onClick={() => {
                      remove.reset();
                      setDeleting(c);
                    }}
                    aria-label={t(msg("classes.deleteLabel", { name: c.name }))}
                  >
                    {t("classes.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section aria-labelledby="new-class" className="dashboard-section">
        <h2 id="new-class">{t("classes.newTitle")}</h2>
        <ClassForm
          key={formKey}
          initial={{ name: "", level: null, names: "" }}
          submitLabel={t("classes.form.save")}
          busyLabel={t("classes.form.saving")}
          busy={create.isPending}
          error={create.error}
          onSubmit={(input) => {
            setNotice(null);
            create.mutate(input);
          }}
        />
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={t("classes.deleteDialog.title")}
        confirmLabel={t("classes.delete")}
        cancelLabel={t("dashboard.cancel")}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>{deleting ? t(msg("classes.deleteDialog.text", { name: deleting.name })) : null}</p>
      </ConfirmDialog>
    </main>
  );
}
