// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  export interface RequestParams {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Options {
    url: string;
    method?: string;
    body?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Per-request set-up: the defaults above come in, the request to send goes out. */
    requests?: Array<{ setupRequest?: (req: RequestParams) => RequestParams }>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
