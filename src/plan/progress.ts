/**
 * The progress line `plan` prints on stderr while a slow step runs (installing the search tool,
 * searching): on a terminal one line that counts seconds, elsewhere a start and an end line.
 */
export interface Progress {
  /** Starts a step; the returned function ends it with a short outcome (`done`, `failed`). */
  step(label: string): (outcome: string) => void;
}

export const silentProgress: Progress = { step: () => () => undefined };

export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  return {
    step(label) {
      const started = Date.now();
      const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
      if (!stream.isTTY) {
        stream.write(`${label} ...\n`);
        return (outcome) => stream.write(`${label}: ${outcome} (${seconds()})\n`);
      }
      const draw = () => stream.write(`\r${label} ... ${Math.round((Date.now() - started) / 1000)} s`);
      draw();
      const timer = setInterval(draw, 1000);
      timer.unref();
      return (outcome) => {
        clearInterval(timer);
        stream.write(`\r\x1b[K${label}: ${outcome} (${seconds()})\n`);
      };
    },
  };
}
