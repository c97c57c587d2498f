import cluster from 'node:cluster';
import http from 'node:http';
import { AggregatorRegistry } from 'prom-client';
import { registry } from './metrics.ts';

/**
 * The Prometheus endpoint on its own port (METRICS_PORT), bound to 127.0.0.1 only: the figures (volumes, backlogs)
 * are for the operators' scraper, never for the public port. In a cluster's primary it adds up every API process's
 * metrics over IPC; in a lone server it reads its own registry.
 */
export function startMetricsServer(port: number, host = '127.0.0.1'): Promise<http.Server> {
  const aggregator = cluster.isPrimary ? new AggregatorRegistry() : undefined;
  const inCluster = () => Object.keys(cluster.workers ?? {}).length > 0;
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    const text = aggregator && inCluster() ? aggregator.clusterMetrics() : registry.metrics();
    text.then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType }).end(body),
      (error: unknown) =>
        response.writeHead(503, { 'content-type': 'text/plain' }).end(`metrics unavailable: ${String(error)}\n`),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
