import type { Route } from './types';

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

interface CompiledRoute {
  route: Route;
  segments: string[];
}

/** Matches `METHOD /a/:b/c` patterns segment by segment; a `:name` segment matches one non-empty segment. */
export class Router {
  private readonly compiled: CompiledRoute[];

  constructor(routes: Route[]) {
    this.compiled = routes.map((route) => ({ route, segments: route.path.split('/') }));
  }

  match(method: string, path: string): RouteMatch | undefined {
    const segments = path.split('/');
    for (const { route, segments: pattern } of this.compiled) {
      if (route.method !== method || pattern.length !== segments.length) continue;
      const params = matchSegments(pattern, segments);
      if (params) return { route, params };
    }
    return undefined;
  }

  /** A route on this path with any method, for telling a wrong method from a wrong path. */
  pathExists(path: string): boolean {
    const segments = path.split('/');
    return this.compiled.some(
      ({ segments: pattern }) =>
        pattern.length === segments.length && matchSegments(pattern, segments) !== undefined,
    );
  }
}

function matchSegments(pattern: string[], segments: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i]!;
    const actual = segments[i]!;
    if (expected.startsWith(':')) {
      if (actual === '') return undefined;
      try {
        params[expected.slice(1)] = decodeURIComponent(actual);
      } catch {
        return undefined;
      }
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}
