import FindMyWay from 'find-my-way';

/**
 * The methods a path answers, for the 405's `Allow` (RFC 9110 15.5.6): a second router holding every route of the
 * app with its own pattern, asked with each method the app knows, so a path matches here exactly as Fastify's own
 * router matches it (parameters, wildcards, trailing slashes).
 */
export class AllowedMethods {
  private router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | null = null;
  private methods: string[] = [];

  constructor(private readonly routes: readonly { method: string; url: string }[]) {}

  /** The methods of the routes whose pattern matches the path (no query), in a stable order; empty when none. */
  of(path: string): string[] {
    const router = this.router ?? this.build();
    return this.methods.filter((method) => router.find(method as FindMyWay.HTTPMethod, path) !== null);
  }

  /** Built on first use, when every route is registered. */
  private build() {
    const router = FindMyWay({});
    const methods = new Set<string>();
    for (const route of this.routes) {
      if (methods.has(`${route.method} ${route.url}`)) continue;
      methods.add(`${route.method} ${route.url}`);
      router.on(route.method as FindMyWay.HTTPMethod, route.url, () => {});
    }
    const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    this.methods = [...new Set(this.routes.map((route) => route.method))].sort(
      (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
    );
    this.router = router;
    return router;
  }
}
