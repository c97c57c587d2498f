import type { Compilable, CompiledQuery } from 'kysely';

/** Where a bind value goes in a compiled statement: filled from the call's own values at each execution. */
class Slot {
  constructor(readonly key: string) {}
}

type Binds = Record<string, unknown>;

/**
 * A hot read's SQL built and compiled by Kysely once per *shape* instead of at every request (ADR 010):
 * building the history page's query (seven joins, 35 columns, a union of sides and the count)
 * and compiling it took more of a list request's server CPU than the rows did, and its text is the same for every
 * request of one shape; only the bind values change.
 *
 * `build(binds, facts)` is the ordinary Kysely query. `facts` are the plain values it may branch on (which filters
 * are set, a category); `binds` are only to be bound as parameters. `shape` must name every fact. At the first
 * call of a shape the query is compiled twice: with each bind replaced by a placeholder (undefined and null stay
 * as they are, so `!== undefined` branches are taken as with the real values), and with the real values. Only
 * if the real compilation is exactly the template with the placeholders filled in (same text, same parameters in
 * the same order) is the template kept; a build that branched on a bind's value, or transformed one, fails that
 * check and is simply compiled at every call, as before. Either way each execution sends what the builder would
 * have sent: same text (so the same named prepared statement), same parameters.
 */
export class StatementShapes<B extends Binds, F> {
  /** A shape's template, or null when its build cannot be templated (see above). */
  private readonly shapes = new Map<string, { query: CompiledQuery; parameters: readonly unknown[] } | null>();
  /** Shapes are few by construction (a handful of filters); past this the rest are compiled at each call. */
  static readonly MAX_SHAPES = 1_000;

  constructor(private readonly build: (binds: B, facts: F) => Compilable) {}

  compile(shape: string, binds: B, facts: F): CompiledQuery {
    const cached = this.shapes.get(shape);
    if (cached) return { ...cached.query, parameters: cached.parameters.map((p) => fill(p, binds)) };
    const real = this.build(binds, facts).compile();
    if (cached === undefined && this.shapes.size < StatementShapes.MAX_SHAPES) {
      const slots = Object.fromEntries(
        Object.entries(binds).map(([key, value]) => [
          key,
          value === undefined || value === null ? value : new Slot(key),
        ]),
      ) as B;
      let template: CompiledQuery | undefined;
      try {
        template = this.build(slots, facts).compile();
      } catch {
        // A build that works on a bind's value (trims it, splits it) cannot take a placeholder: not templated.
      }
      const same =
        template !== undefined &&
        template.sql === real.sql &&
        template.parameters.length === real.parameters.length &&
        template.parameters.every((p, i) => Object.is(fill(p, binds), real.parameters[i]));
      this.shapes.set(shape, same && template ? { query: template, parameters: template.parameters } : null);
    }
    return real;
  }

  /** How many shapes are templated and how many are compiled at each call (tests). */
  get sizes(): { templated: number; untemplated: number } {
    const all = [...this.shapes.values()];
    return { templated: all.filter(Boolean).length, untemplated: all.filter((s) => s === null).length };
  }
}

function fill(parameter: unknown, binds: Binds): unknown {
  return parameter instanceof Slot ? binds[parameter.key] : parameter;
}
