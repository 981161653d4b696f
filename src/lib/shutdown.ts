// SIGTERM or SIGINT, acted on once: `serve` (single process, cluster primary and workers)
// and `lapak dispatch` shut down through this.
export function onShutdownSignal(handler: (signal: string) => Promise<number>): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    void handler(signal).then((code) => process.exit(code));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
