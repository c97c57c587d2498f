/**
 * One API process of the cluster (server/cluster.ts): server/main.ts as is. Node keeps a cluster worker alive
 * through its channel to the primary, so once told to stop, the channel stops counting: the process then ends
 * as soon as main.ts's own shutdown has drained the requests and closed the pool, as a lone server does.
 */
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    process.channel?.unref();
    // Still starting (main.ts has no handler yet, only this one): end now, as the signal's default action would.
    if (process.listenerCount(signal) === 1) process.exit(0);
  });
}
await import('./main.ts');
export {};
