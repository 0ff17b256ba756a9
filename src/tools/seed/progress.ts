import { Presets, SingleBar } from 'cli-progress';

/** A progress bar on a terminal, plain lines (every 5 s and at the end) otherwise — for CI logs and pipes. */
interface Progress {
  update(done: number): void;
  stop(): void;
}

export function progressReporter(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY) {
    const bar = new SingleBar(
      { format: 'events {bar} {percentage}% | {value}/{total} | {eta_formatted} left | {rate}/s', stream, hideCursor: true },
      Presets.shades_classic,
    );
    const started = Date.now();
    bar.start(total, 0, { rate: 0 });
    return {
      update: (done) => bar.update(done, { rate: Math.round(done / Math.max(0.001, (Date.now() - started) / 1000)) }),
      stop: () => bar.stop(),
    };
  }
  const started = Date.now();
  let lastLine = 0;
  let last = 0;
  let stopped = false;
  const line = (done: number) => {
    const s = (Date.now() - started) / 1000;
    stream.write(`seed: ${done}/${total} events (${Math.round((100 * done) / Math.max(1, total))}%), ${s.toFixed(1)} s, ${Math.round(done / Math.max(0.001, s))}/s\n`);
  };
  return {
    update: (done) => {
      last = done;
      if (Date.now() - lastLine >= 5_000) {
        lastLine = Date.now();
        line(done);
      }
    },
    // Once: a slow phase after the load stops it, and so does the end.
    stop: () => {
      if (!stopped) line(last);
      stopped = true;
    },
  };
}
