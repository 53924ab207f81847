declare module "virtual:catalogue/*" {
  import type { CompiledMessage } from "@lingui/message-utils/compileMessage";

  const messages: Record<string, CompiledMessage>;
  export default messages;
}
