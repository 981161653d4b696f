// How the columns of a bank statement are found: the presets for the internet-banking CSV
// exports of BCA, Mandiri, BRI and BNI, and the generic mapping a seller gives for any other
// CSV. A preset is a set of header names per field (a file's header row is the first row that
// holds them; lines above it, like BCA's account block, are skipped). None of the presets has
// been checked against a real export; they follow the formats as described publicly (see
// docs/transfers.md, "Presets"), and the generic mapping covers a bank whose export differs.

export const BANK_PRESETS = ['bca', 'mandiri', 'bri', 'bni'] as const;
export type BankPreset = (typeof BANK_PRESETS)[number];
export type Bank = BankPreset | 'generic';
export const BANKS: readonly Bank[] = [...BANK_PRESETS, 'generic'];

export type DateOrder = 'dmy' | 'ymd' | 'mdy';

/** Where each field is: header names (case and spacing ignored) or, for generic, also 1-based column numbers. */
export interface ColumnMap {
  date: string[];
  description: string[];
  /** One signed amount column (or with a CR/DB suffix, or a direction column beside it)... */
  amount?: string[];
  /** ...or separate credit (and debit) columns. */
  credit?: string[];
  debit?: string[];
  /** A column saying credit or debit (CR/DB, K/D, Kredit/Debit). */
  direction?: string[];
  /** BCA: the direction sits in the unnamed column right after the amount. */
  directionAfterAmount?: boolean;
  balance?: string[];
  dateOrder: DateOrder;
  /** BCA: rows after these first-cell words are the summary block, not transactions. */
  stopAt?: string[];
  /** BCA: rows whose date is this word are not yet booked (pending) and are left for a later export. */
  pendingDate?: string;
}

export const PRESETS: Record<BankPreset, ColumnMap> = {
  // KlikBCA Individual, "Mutasi Rekening" download: an account block (No. rekening, Nama,
  // Periode, Kode Mata Uang), then `Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo`; dates
  // 'DD/MM (the year from Periode) or PEND; the amount followed by CR or DB in the next
  // column; a summary block (Saldo Awal, Mutasi Kredit, Mutasi Debet, Saldo Akhir) at the end.
  bca: {
    date: ['tanggal transaksi', 'tanggal'],
    description: ['keterangan'],
    amount: ['jumlah', 'mutasi'],
    directionAfterAmount: true,
    balance: ['saldo'],
    dateOrder: 'dmy',
    stopAt: ['saldo awal', 'mutasi kredit', 'mutasi debet', 'mutasi debit', 'saldo akhir'],
    pendingDate: 'pend',
  },
  // Mandiri (Livin' / MCM account statement CSV): Account No, Date, Val. Date, Transaction
  // Code, Description, Description, Reference No., Debit, Credit (Indonesian headers
  // Tanggal, Keterangan, Debet, Kredit, Saldo accepted too); both description columns are read.
  mandiri: {
    date: ['date', 'tanggal', 'tgl.', 'tgl', 'posting date'],
    description: ['description', 'keterangan', 'rincian transaksi', 'remark', 'remarks'],
    credit: ['credit', 'kredit'],
    debit: ['debit', 'debet'],
    balance: ['balance', 'saldo'],
    dateOrder: 'dmy',
  },
  // BRI (internet banking / CMS mutation CSV): NOREK, NAMA, TGL_TRAN, TGL_EFEKTIF, JAM_TRAN,
  // KODE_TRAN, DESK_TRAN, SALDO_AWAL_MUTASI, MUTASI_DEBET, MUTASI_KREDIT, SALDO_AKHIR_MUTASI.
  bri: {
    date: ['tgl_tran', 'tanggal transaksi', 'tgl_efektif', 'tanggal'],
    description: ['desk_tran', 'uraian transaksi', 'keterangan'],
    credit: ['mutasi_kredit', 'kredit'],
    debit: ['mutasi_debet', 'debet'],
    balance: ['saldo_akhir_mutasi', 'saldo'],
    dateOrder: 'dmy',
  },
  // BNI (internet banking / BNIDirect): Posting Date, Effective Date, Branch, Journal,
  // Transaction Description, Amount, DB/CR, Balance (or Debit and Credit columns).
  bni: {
    date: ['posting date', 'post date', 'tanggal transaksi', 'tanggal'],
    description: ['transaction description', 'description', 'uraian transaksi', 'keterangan'],
    amount: ['amount', 'nominal'],
    credit: ['credit', 'kredit'],
    debit: ['debit', 'debet'],
    direction: ['db/cr', 'd/k', 'dk', 'type'],
    balance: ['balance', 'saldo'],
    dateOrder: 'dmy',
  },
};

/** The generic mapping from the request's query parameters. */
export interface GenericMapping {
  date: string;
  description: string;
  amount?: string | undefined;
  credit?: string | undefined;
  debit?: string | undefined;
  direction?: string | undefined;
  balance?: string | undefined;
  date_format?: DateOrder | undefined;
}

export function genericColumns(mapping: GenericMapping): ColumnMap {
  const one = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : [value]);
  return {
    date: [mapping.date],
    description: [mapping.description],
    ...(one(mapping.amount) ? { amount: one(mapping.amount)! } : {}),
    ...(one(mapping.credit) ? { credit: one(mapping.credit)! } : {}),
    ...(one(mapping.debit) ? { debit: one(mapping.debit)! } : {}),
    ...(one(mapping.direction) ? { direction: one(mapping.direction)! } : {}),
    ...(one(mapping.balance) ? { balance: one(mapping.balance)! } : {}),
    dateOrder: mapping.date_format ?? 'dmy',
  };
}
