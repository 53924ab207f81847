/**
 * Edit a saved class (/classes/:classId): rename it, change its level or its list. Saving
 * goes back where the teacher came from (Start Session's link says where), else to My classes.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { msg } from "../../../shared/i18n/messages.ts";
import { TeacherPageMessage } from "../../components/teacher-page-message.tsx";
import { fetchClasses, type SaveClassInput, updateClass } from "../../lib/classes-api.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { ClassForm } from "./class-form.tsx";
import "../../styles/classes.css";
import { queryKeys } from "../../lib/query-keys.ts";

/** Only a page of our own to go back to (a path, never another site). */
const backPath = (state: unknown): string | null => {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === "string" && back.startsWith("/") && !back.startsWith("//") ? back : null;
};

export default function EditClassPage() {
  const { classId = "" } = useParams();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const back = backPath(location.state);
  const queryClient = useQueryClient();
  const classes = useQuery({ queryKey: queryKeys.classes, queryFn: fetchClasses });
  const saved = classes.data?.classes.find((c) => c.id === classId) ?? null;
  const save = useMutation({
    mutationFn: (input: SaveClassInput) => updateClass(classId, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.classes });
      navigate(back ?? "/classes");
    },
  });

  if (classes.isPending) return <TeacherPageMessage title="classes.editTitle" text="common.loading" loading />;
  if (classes.isError) return <TeacherPageMessage title="classes.editTitle" text="classes.loadFailed" />;
  if (!saved) return <TeacherPageMessage title="classes.editTitle" text="classes.notFound" />;

  return (
    <main className="page narrow-wide classes-page">
      <p>
        <Link to={back ?? "/classes"}>{t(back ? "classes.backToStart" : "classes.backToClasses")}</Link>
      </p>
      <h1>{t("classes.editTitle")}</h1>
      <p className="lead">{t(msg("classes.editIntro", { name: saved.name }))}</p>
      <ClassForm
        initial={{ name: saved.name, level: saved.level, names: saved.names.join("\n") }}
        submitLabel={t("classes.form.saveChanges")}
        busyLabel={t("classes.form.saving")}
        busy={save.isPending}
        error={save.error}
        onSubmit={(input) => save.mutate(input)}
      />
    </main>
  );
}
