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
  /**
   * A secondary detail: not a column of its own but a labelled line under the row's name (in the
   * `rowHeader` cell, or the first one), so the table fits a laptop's 1008 px content area.
   */
  fold?: boolean;
};

const thClass = 'px-3 py-2.5 text-left font-semibold whitespace-nowrap text-slate-900';
/*
 * Below 768 px (Tailwind's `md`) each row is a card: the cells stack, each under its heading, which
 * comes from `data-label` through a ::before (so it is not a second copy of the text in the DOM).
 */
const tdClass =
  'px-3 py-3 align-top max-md:block max-md:py-1 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]';

/**
 * The lists' table, one for every list so they all behave the same. On a laptop it fits its area:
 * secondary columns (`fold`) become labelled lines under the row's name, cells wrap, and a row's
 * actions go in one `RowMenu`. Below 768 px the rows become cards. Give e-mails `EmailText`, which
 * wraps only at the `@` and the dots. `relative` keeps the screen-reader-only texts inside the
 * (last-resort) scrolling box instead of widening the page.
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
  const folded = columns.filter((column) => column.fold);
  const shown = columns.filter((column) => !column.fold);
  const nameColumn = shown.find((column) => column.rowHeader) ?? shown[0];
  // A card keeps the headings only when they do something (sort buttons), as one wrapped line.
  const interactiveHeaders = shown.some((column) => typeof column.header !== 'string');
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200 max-md:overflow-x-visible max-md:bg-transparent max-md:shadow-none max-md:ring-0">
      <table
        aria-busy={busy || undefined}
        className="min-w-full divide-y divide-slate-200 text-sm max-md:block max-md:divide-y-0"
      >
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead
          className={`bg-slate-50 ${interactiveHeaders ? 'max-md:block max-md:rounded-lg max-md:ring-1 max-md:ring-slate-200' : 'max-md:sr-only'}`}
        >
          <tr className="max-md:flex max-md:flex-wrap">
            {shown.map((column) => (
              <th
                key={columnKey(column)}
                scope="col"
                className={`${thClass} max-md:block`}
                aria-sort={column.sort}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={`divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0 max-md:pt-3 ${busy ? 'opacity-60' : ''}`}
        >
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-md:block max-md:rounded-xl max-md:bg-white max-md:py-2 max-md:shadow-sm max-md:ring-1 max-md:ring-slate-200"
            >
              {shown.map((column) => {
                const extra =
                  typeof column.className === 'function' ? column.className(row) : column.className;
                const content =
                  column === nameColumn && folded.length > 0 ? (
                    <>
                      {column.cell(row)}
                      <FoldedDetails row={row} columns={folded} />
                    </>
                  ) : (
                    column.cell(row)
                  );
                // The name needs no heading on a card: it is the card's title.
                const label = column === nameColumn ? undefined : columnLabel(column);
                return column.rowHeader ? (
                  <th
                    key={columnKey(column)}
                    scope="row"
                    data-label={label}
                    className={`${tdClass} text-left ${extra ?? ''}`}
                  >
                    {content}
                  </th>
                ) : (
                  <td key={columnKey(column)} data-label={label} className={`${tdClass} ${extra ?? ''}`}>
                    {content}
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

/** The folded columns of a row, as "Heading: value" lines in small print. */
function FoldedDetails<T>({ row, columns }: { row: T; columns: readonly DataTableColumn<T>[] }) {
  return (
    <dl className="mt-1 space-y-0.5 text-xs font-normal text-slate-600">
      {columns.map((column) => (
        <div key={columnKey(column)} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-slate-700">{columnLabel(column)}:</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

function columnLabel(column: DataTableColumn<never>): string {
  return typeof column.header === 'string' ? column.header : (column.id ?? '');
}

function columnKey(column: DataTableColumn<never>): string {
  return column.id ?? String(column.header);
}

/**
 * An e-mail address that may wrap only after its name, at the `@`, the dots (a `<wbr>` each) and a
 * hyphen, never inside a word: no `overflow-wrap: anywhere/break-word`, which had cut
 * "metalurgica-e xemplo". So a long address does not widen a table on a laptop. The whole address
 * is in `title`, should a narrow card still cut one piece.
 */
export function EmailText({ email }: { email: string }) {
  const pieces: ReactNode[] = [];
  let offset = 0;
  for (const piece of email.split(/(?=[@.])/)) {
    if (offset > 0) pieces.push(<wbr key={`wbr-${offset}`} />);
    pieces.push(piece);
    offset += piece.length;
  }
  return (
    <span title={email} className="[overflow-wrap:normal] [word-break:normal]">
      {pieces}
    </span>
  );
}
