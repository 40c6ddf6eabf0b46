/**
 * Every column of a row type, named: `allColumns<Row>()([...])` does not compile when one is left out or
 * misspelt. Statements kept prepared name their columns instead of `*` (see `executeNamed`).
 */
export function allColumns<Row>() {
  return <const Columns extends readonly (keyof Row & string)[]>(
    columns: Columns & (Exclude<keyof Row, Columns[number]> extends never ? unknown : { missing: Exclude<keyof Row, Columns[number]> }),
  ): Columns => columns;
}
