/** Splits a Server-Sent Events stream into frames (`data:` lines joined, `retry:` read). */
export type SseFrame = { data: string | null; retryMs: number | null };

export function sseFrameReader(onFrame: (frame: SseFrame) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data: string[] = [];
      let retryMs: number | null = null;
      for (const line of block.split("\n")) {
        if (line.startsWith("retry: ")) retryMs = Number(line.slice(7)) || null;
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      onFrame({ data: data.length > 0 ? data.join("\n") : null, retryMs });
    }
  };
}
