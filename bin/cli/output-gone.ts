// The reader of the CLI's output may end before the CLI does (a Ctrl-C to the terminal's
// foreground group ends `| tee log` at once; npx's npm and its shell end at once on a SIGTERM to
// the group). A write to that pipe then fails with EPIPE (Node ignores SIGPIPE): the output is only
// what the user sees, so the run goes on without it, writes its reports, and exits with its own code.

/** Output that can no longer reach anyone: the reader closed the pipe, or the stream was destroyed since. */
const GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** Keeps the process going when the reader of `streams` has gone; any other error is still thrown. */
export function outliveReader(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams)
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (!GONE.has(e.code ?? '')) throw e;
    });
}
