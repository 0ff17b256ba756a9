import { AggregatorRegistry, Registry } from 'prom-client';
import { askPrimary, CLUSTER_METRICS } from '../cluster/cluster-ipc';

interface MetricsText {
  contentType: string;
  text: string;
}

/** Where /metrics reads from: this process' registry, or (WORKERS > 1) every worker's, summed by the primary. */
export abstract class MetricsSource {
  abstract read(): Promise<MetricsText>;
}

export class LocalMetricsSource extends MetricsSource {
  constructor(private readonly registry: Registry) {
    super();
  }
  async read(): Promise<MetricsText> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}

export class ClusterMetricsSource extends MetricsSource {
  constructor(registry: Registry) {
    super();
    new AggregatorRegistry(); // installs the worker's reply to the primary's collection request
    AggregatorRegistry.setRegistries([registry]);
  }
  async read(): Promise<MetricsText> {
    return { contentType: Registry.PROMETHEUS_CONTENT_TYPE, text: await askPrimary<string>(CLUSTER_METRICS, null, 10_000) };
  }
}
