import type { ReactNode } from 'react';

/** One column of a `DataTable`: its heading and how a row fills its cell. */
export type DataTableColumn<T> = {
  /** The heading (a sortable column passes its sort button). */
  header: ReactNode;
  /** React key of the column; needed only when `header` is not a string. */
  id?: string;
  cell: (row: T) => ReactNode;
  /** This column names the row (a `<th scope="row">`, read before each cell by screen readers). */
  rowHeader?: boolean;
  /** Width, wrapping and colour of the body cells, e.g. `'whitespace-nowrap text-slate-700'`. */
  className?: string | ((row: T) => string);
  /** The heading's `aria-sort`, on the column the rows are sorted by. */
  sort?: 'ascending' | 'descending';
};

const thClass = 'px-3 py-2.5 text-left font-semibold whitespace-nowrap text-slate-900';
const tdClass = 'px-3 py-3 align-top';

/**
 * The admin lists' table. It scrolls sideways inside its frame on a phone; on a laptop its cells wrap
 * (give e-mails `EmailText` so they wrap at the `@` and the dots). `relative` keeps the
 * screen-reader-only texts inside the scrolling box instead of widening the page.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = null,
  busy = false,
}: {
  /** Read by screen readers, not shown: what the table lists. */
  caption?: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of the table when there are no rows (nothing by default). */
  empty?: ReactNode;
  /** The rows are stale while the next page loads: dimmed and `aria-busy`. */
  busy?: boolean;
}) {
  if (rows.length === 0) return empty ? <p className="text-sm text-slate-700">{empty}</p> : null;
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-busy={busy || undefined} className="min-w-full divide-y divide-slate-200 text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="bg-slate-50">
          <tr>
            {columns.map((column) => (
              <th key={columnKey(column)} scope="col" className={thClass} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={`divide-y divide-slate-200 ${busy ? 'opacity-60' : ''}`}>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const extra =
                  typeof column.className === 'function' ? column.className(row) : column.className;
                return column.rowHeader ? (
                  <th key={columnKey(column)} scope="row" className={`${tdClass} text-left ${extra ?? ''}`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={columnKey(column)} className={`${tdClass} ${extra ?? ''}`}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function columnKey(column: DataTableColumn<never>): string {
  return column.id ?? String(column.header);
}

/**
 * An e-mail address that may wrap after its name, at the `@` and at the dots (never mid-word, unless
 * one piece alone is wider than the column), so a long address does not widen a table on a laptop.
 */
export function EmailText({ email }: { email: string }) {
  const pieces: ReactNode[] = [];
  let offset = 0;
  for (const piece of email.split(/(?=[@.])/)) {
    if (offset > 0) pieces.push(<wbr key={`wbr-${offset}`} />);
    pieces.push(piece);
    offset += piece.length;
  }
  return <span className="break-words">{pieces}</span>;
}
