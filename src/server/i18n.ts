/** The catalogues on the server: shared/i18n/translator.ts (decision 021). */
export { asMessage, inEnglish, isMessageKey, translate } from "../shared/i18n/translator.ts";
