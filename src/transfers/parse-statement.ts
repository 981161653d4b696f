// Reads a bank statement CSV into its credit lines (money in). Debits are left out; a line
// that cannot be read is reported with its line number, and the caller then proposes
// nothing (docs/transfers.md): a statement is applied whole or not at all.
import { STATEMENT_LINE_TEXT as TEXT } from '../lib/http/messages.js';
import { readCsv, type CsvRecord } from '../lib/csv/read-csv.js';
import type { ColumnMap, DateOrder } from './statement-formats.js';

export interface CreditLine {
  /** 1-based line of the file. */
  line: number;
  /** YYYY-MM-DD as the bank wrote it. */
  date: string;
  description: string;
  /** Hundredths of a rupiah (banks write two decimals). */
  amountCents: number;
  balanceCents: number | null;
}

export interface LineError {
  line: number;
  message: string;
}

export interface ParsedStatement {
  credits: CreditLine[];
  errors: LineError[];
}

// An unreadable file (the wrong preset, say) fails on every line: the first errors tell enough.
export const MAX_ERRORS = 100;
const CELL_SHOWN = 60;
/** A cell as an error message quotes it: long cells cut, so an answer never echoes a whole file. */
const shown = (cell: string) => (cell.length > CELL_SHOWN ? `${cell.slice(0, CELL_SHOWN)}…` : cell);

const normalise = (cell: string) => cell.trim().replace(/^'/, '').replace(/\s+/g, ' ').toLowerCase();
const isColumnNumber = (ref: string) => /^\d{1,3}$/.test(ref.trim()) && Number(ref) >= 1;

interface Columns {
  date: number;
  description: number[];
  amount: number | null;
  credit: number | null;
  debit: number | null;
  direction: number | null;
  balance: number | null;
}

/** The index of the first alias found in the header (aliases in order of preference). */
function find(header: string[], refs: string[] | undefined): number | null {
  for (const ref of refs ?? []) {
    if (isColumnNumber(ref)) return Number(ref) - 1;
    const at = header.indexOf(normalise(ref));
    if (at >= 0) return at;
  }
  return null;
}

function resolve(header: string[], map: ColumnMap): Columns | null {
  const date = find(header, map.date);
  const description = header.flatMap((cell, i) => (map.description.some((ref) => !isColumnNumber(ref) && normalise(ref) === cell) ? [i] : []));
  for (const ref of map.description) if (isColumnNumber(ref)) description.push(Number(ref) - 1);
  const amount = find(header, map.amount);
  const credit = amount === null ? find(header, map.credit) : null;
  if (date === null || description.length === 0 || (amount === null && credit === null)) return null;
  return {
    date,
    description,
    amount,
    credit,
    debit: credit === null ? null : find(header, map.debit),
    direction: amount !== null && map.directionAfterAmount ? amount + 1 : amount !== null ? find(header, map.direction) : null,
    balance: find(header, map.balance),
  };
}

const mappedOnlyByNumber = (map: ColumnMap) =>
  [map.date, map.description, map.amount ?? map.credit ?? []].every((refs) => refs.length > 0 && refs.every(isColumnNumber));

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, mei: 5, may: 5, jun: 6, jul: 7, agu: 8, agt: 8, aug: 8, sep: 9, okt: 10, oct: 10, nov: 11, des: 12, dec: 12,
};

function isoDate(year: number, month: number, day: number): string | null {
  const full = year < 100 ? 2000 + year : year;
  const d = new Date(Date.UTC(full, month - 1, day));
  if (d.getUTCFullYear() !== full || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** A date cell (time of day after it ignored); 'no-year' for BCA's DD/MM. */
export function parseDate(cell: string, order: DateOrder, periodEnd: { year: number; month: number } | null): string | null | 'no-year' {
  const value = cell.trim().replace(/^'/, '');
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[ T])/.exec(value);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/. ]([A-Za-z]{3,9})[-/. ,]+(\d{2}|\d{4})(?:$|[ T])/.exec(value);
  if (m) {
    const month = MONTHS[m[2]!.slice(0, 3).toLowerCase()];
    return month ? isoDate(Number(m[3]), month, Number(m[1])) : null;
  }
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:$|[ T])/.exec(value);
  if (m) {
    const [a, b, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return order === 'mdy' ? isoDate(y, a, b) : order === 'dmy' ? isoDate(y, b, a) : null;
  }
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(value);
  if (m && order === 'dmy') {
    if (!periodEnd) return 'no-year';
    const month = Number(m[2]);
    // A statement spanning New Year: a month after the period's last month is last year's.
    return isoDate(month > periodEnd.month ? periodEnd.year - 1 : periodEnd.year, month, Number(m[1]));
  }
  return null;
}

/**
 * An amount cell in hundredths, with its sign or CR/DB mark. The decimal separator is told
 * by position: a last `.` or `,` followed by one or two digits is the decimal point, every
 * other separator groups thousands (`1,500,000.00`, `1.500.000,00`, `150000`, `-75.000`).
 */
export function parseAmount(cell: string): { cents: number; mark: 'credit' | 'debit' | null } | null {
  let value = cell.trim().replace(/^'/, '').replace(/\s+/g, '');
  let mark: 'credit' | 'debit' | null = null;
  const suffix = /(CR|DB|DR|K|D)$/i.exec(value);
  if (suffix && /\d$/.test(value.slice(0, -suffix[0].length))) {
    mark = /^(CR|K)$/i.test(suffix[1]!) ? 'credit' : 'debit';
    value = value.slice(0, -suffix[0].length);
  }
  value = value.replace(/^(Rp\.?|IDR)/i, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (value.startsWith('-')) {
    negative = true;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  value = value.replace(/^(Rp\.?|IDR)/i, '');
  const m = /^(\d+(?:[.,]\d{3})*)(?:([.,])(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  const whole = m[1]!;
  const separators = new Set(whole.replace(/\d/g, ''));
  if (separators.size > 1 || (m[2] && separators.has(m[2]))) return null;
  const cents = Number(whole.replace(/[.,]/g, '')) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  if (negative) mark = 'debit';
  return { cents, mark };
}

function directionOf(cell: string): 'credit' | 'debit' | null {
  const v = normalise(cell);
  if (/^(c|cr|k|kr|kredit|credit)$/.test(v)) return 'credit';
  if (/^(d|db|dr|debit|debet)$/.test(v)) return 'debit';
  return null;
}

/** The last date of BCA's "Periode : 01/11/2026 - 30/11/2026" line, for dates written without a year. */
function periodEndOf(records: CsvRecord[], before: number): { year: number; month: number } | null {
  for (const record of records.slice(0, before)) {
    const text = record.cells.join(' ');
    if (!/periode/i.test(text)) continue;
    const dates = [...text.matchAll(/(\d{1,2})\/(\d{1,2})\/(\d{4})/g)];
    const last = dates[dates.length - 1];
    if (last) return { year: Number(last[3]), month: Number(last[2]) };
  }
  return null;
}

export function parseStatement(text: string, map: ColumnMap): ParsedStatement {
  const records = readCsv(text);
  if (records.length === 0) return { credits: [], errors: [{ line: 1, message: TEXT.empty }] };

  let columns: Columns | null = null;
  let first = 0;
  if (mappedOnlyByNumber(map)) {
    columns = resolve([], map);
    // A header row, if the file has one, is the first row whose date does not read.
    const firstDate = records[0]!.cells[columns!.date] ?? '';
    first = parseDate(firstDate, map.dateOrder, null) === null ? 1 : 0;
  } else {
    for (let i = 0; i < records.length && columns === null; i++) {
      columns = resolve(records[i]!.cells.map(normalise), map);
      first = i + 1;
    }
  }
  if (!columns) {
    const wanted = [map.date[0], map.description[0], (map.amount ?? map.credit ?? [])[0]].filter(Boolean).join(', ');
    return { credits: [], errors: [{ line: 1, message: TEXT.noHeader(wanted) }] };
  }
  const periodEnd = periodEndOf(records, first);

  const credits: CreditLine[] = [];
  const errors: LineError[] = [];
  for (const record of records.slice(first)) {
    if (errors.length >= MAX_ERRORS) break;
    const { line, cells } = record;
    const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
    const firstCell = normalise(cells[0] ?? '');
    if (map.stopAt?.some((word) => firstCell.startsWith(word))) break;
    const rawDate = cell(columns.date);
    if (map.pendingDate && normalise(rawDate) === map.pendingDate) continue;
    const fail = (message: string) => errors.push({ line, message });

    let cents: number;
    let direction: 'credit' | 'debit' | null;
    if (columns.amount !== null) {
      const raw = cell(columns.amount);
      if (raw === '') { fail(TEXT.missingCell(map.amount![0]!)); continue; }
      const amount = parseAmount(raw);
      if (!amount) { fail(TEXT.badAmount(shown(raw))); continue; }
      cents = amount.cents;
      direction = amount.mark;
      if (columns.direction !== null && cell(columns.direction) !== '') {
        direction = directionOf(cell(columns.direction));
        if (!direction) { fail(TEXT.badDirection(shown(cell(columns.direction)))); continue; }
      }
      direction ??= 'credit';
    } else {
      const rawCredit = cell(columns.credit);
      const credit = rawCredit === '' ? { cents: 0, mark: null } : parseAmount(rawCredit);
      if (!credit) { fail(TEXT.badAmount(shown(rawCredit))); continue; }
      const rawDebit = cell(columns.debit);
      if (rawDebit !== '' && !parseAmount(rawDebit)) { fail(TEXT.badAmount(shown(rawDebit))); continue; }
      cents = credit.cents;
      direction = credit.cents > 0 && credit.mark !== 'debit' ? 'credit' : 'debit';
    }

    if (rawDate === '') { fail(TEXT.missingCell(map.date[0]!)); continue; }
    const date = parseDate(rawDate, map.dateOrder, periodEnd);
    if (date === 'no-year') { fail(TEXT.noYear); continue; }
    if (date === null) { fail(TEXT.badDate(shown(rawDate))); continue; }

    let balanceCents: number | null = null;
    const rawBalance = cell(columns.balance);
    if (rawBalance !== '') {
      const balance = parseAmount(rawBalance);
      if (!balance) { fail(TEXT.badBalance(shown(rawBalance))); continue; }
      balanceCents = balance.mark === 'debit' ? -balance.cents : balance.cents;
    }
    if (direction !== 'credit' || cents === 0) continue;
    const description = columns.description.map((i) => cell(i)).filter((t) => t !== '').join(' ').replace(/\s+/g, ' ').replace(/^'/, '');
    credits.push({ line, date, description, amountCents: cents, balanceCents });
  }
  return { credits, errors };
}
