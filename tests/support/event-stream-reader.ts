/** Reads a text/event-stream body event by event (the board's Server-Sent Events in tests). */
export function eventReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    /** The next event named `name` (comments and other events are skipped), or null when the stream ends. */
    async next(name: string): Promise<unknown> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          if (lines.includes(`event: ${name}`)) return JSON.parse(lines.find((line) => line.startsWith("data: "))!.slice(6));
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}
