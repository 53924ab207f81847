ALTER TABLE "questions" ADD COLUMN "option_notes" text[];--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_option_notes_fit" CHECK ("questions"."option_notes" is null or case "questions"."kind"
        when 'choice' then cardinality("questions"."option_notes") = 4 and "questions"."option_notes"["questions"."correct_answer" + 1] is null
        when 'truefalse' then cardinality("questions"."option_notes") = 2 and "questions"."option_notes"["questions"."correct_answer" + 1] is null
        when 'multi' then cardinality("questions"."option_notes") = 4
          and ("questions"."correct_answer" & 1 = 0 or "questions"."option_notes"[1] is null) and ("questions"."correct_answer" & 2 = 0 or "questions"."option_notes"[2] is null)
          and ("questions"."correct_answer" & 4 = 0 or "questions"."option_notes"[3] is null) and ("questions"."correct_answer" & 8 = 0 or "questions"."option_notes"[4] is null)
        else false end);