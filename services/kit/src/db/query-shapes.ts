import { Compilable, CompiledQuery } from 'kysely';

/** Stands for a value (or one element of an array value) while a shape is compiled. */
class Slot {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

type Values = Record<string, unknown>;

/**
 * Kysely builds and compiles a statement anew on every call: a tree of frozen nodes, then its SQL text.
 * For a list page that was more CPU than anything else the service does for the request (profiled).
 * `QueryShapes` compiles each *shape* of a statement once, with placeholders where the values go, and
 * then only fills in the values of each call: same SQL text, same parameters as building it every time.
 *
 * The contract for `build`: it only hands its `values` to kysely (as values, never looks at them: no
 * branching on them, no arithmetic, no `.length`); whatever changes the SQL text is decided from
 * outside and named in `key`. Array values (an `IN` list) are compiled per length, which the key gets
 * automatically.
 */
export class QueryShapes {
  private readonly shapes = new Map<string, { sql: string; parameters: readonly unknown[] }>();

  /** At most `maxShapes` shapes are kept; beyond that a statement is compiled per call, as without a cache. */
  constructor(private readonly maxShapes = 1000) {}

  compile<V extends Values>(key: string, values: V, build: (values: V) => Compilable): CompiledQuery {
    const lengths = Object.values(values).map((value) => (Array.isArray(value) ? value.length : '-'));
    const fullKey = `${key}|${lengths.join(',')}`;
    let shape = this.shapes.get(fullKey);
    if (!shape) {
      const slots = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name)]),
      );
      const { sql, parameters } = build(slots as V).compile();
      shape = { sql, parameters };
      if (this.shapes.size < this.maxShapes) this.shapes.set(fullKey, shape);
    }
    const parameters = shape.parameters.map((p) => (p instanceof Slot ? (p.index === undefined ? values[p.name] : (values[p.name] as unknown[])[p.index]) : p));
    return CompiledQuery.raw(shape.sql, parameters);
  }
}
