// The statement reader: one sample per bank preset in its export's shape, the generic
// mapping, the number and date forms, and unreadable lines reported with their line numbers.
import { describe, expect, it } from 'vitest';
import { parseAmount, parseDate, parseStatement } from './parse-statement.js';
import { PRESETS, genericColumns } from './statement-formats.js';

const BCA = `No. rekening : 1234567890
Nama : TOKO CONTOH
Periode : 01/11/2026 - 30/11/2026
Kode Mata Uang : Rp

Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo
'02/11,TRSF E-BANKING CR 0211/FTSCY/WS95031  136123.00 BUDI,'0000,"136,123.00",CR,"1,136,123.00"
'03/11,BIAYA ADM,'0000,"10,000.00",DB,"1,126,123.00"
'04/11,"SETORAN TUNAI, CABANG",'0998,50000.00,CR,1176123.00
PEND,TRSF E-BANKING CR BELUM DIBUKUKAN,'0000,"99,999.00",CR,
Saldo Awal,:,"1,000,000.00"
Mutasi Kredit,:,"186,123.00",2
Mutasi Debet,:,"10,000.00",1
Saldo Akhir,:,"1,176,123.00"
`;

const MANDIRI = `Account No,Date,Val. Date,Transaction Code,Description,Description,Reference No.,Debit,Credit,Balance
1230001234567,05/11/26,05/11/26,8888,TRANSFER DARI,SITI AMINAH,REF123,0.00,"250,500.00","2,250,500.00"
1230001234567,06/11/26,06/11/26,7777,PEMBAYARAN,LISTRIK,REF124,"100,000.00",0.00,"2,150,500.00"
`;

const BRI = `NOREK,NAMA,TGL_TRAN,TGL_EFEKTIF,JAM_TRAN,KODE_TRAN,DESK_TRAN,SALDO_AWAL_MUTASI,MUTASI_DEBET,MUTASI_KREDIT,SALDO_AKHIR_MUTASI
001201000123456,TOKO CONTOH,2026-11-07,2026-11-07,101530,1234,TRANSFER DARI ANDI,500000.00,0.00,75777.00,575777.00
001201000123456,TOKO CONTOH,2026-11-08,2026-11-08,111530,1235,TARIK TUNAI ATM,575777.00,50000.00,0.00,525777.00
`;

const BNI = `Posting Date,Effective Date,Branch,Journal,Transaction Description,Amount,DB/CR,Balance
09/11/2026 10.15.22,09/11/2026,0259,123456,TRANSFER DARI RINA,"88,888.00",C,"988,888.00"
10/11/2026 11.00.00,10/11/2026,0259,123457,BIAYA SMS,"2,000.00",D,"986,888.00"
`;

describe('presets', () => {
  it('BCA: skips the account block, reads DD/MM with the year of Periode, CR/DB beside the amount, leaves PEND and the summary out', () => {
    const { credits, errors } = parseStatement(BCA, PRESETS.bca);
    expect(errors).toEqual([]);
    expect(credits).toEqual([
      { line: 7, date: '2026-11-02', description: 'TRSF E-BANKING CR 0211/FTSCY/WS95031 136123.00 BUDI', amountCents: 13_612_300, balanceCents: 113_612_300 },
      { line: 9, date: '2026-11-04', description: 'SETORAN TUNAI, CABANG', amountCents: 5_000_000, balanceCents: 117_612_300 },
    ]);
  });

  it('Mandiri: both description columns, separate debit and credit, DD/MM/YY', () => {
    const { credits, errors } = parseStatement(MANDIRI, PRESETS.mandiri);
    expect(errors).toEqual([]);
    expect(credits).toEqual([{ line: 2, date: '2026-11-05', description: 'TRANSFER DARI SITI AMINAH', amountCents: 25_050_000, balanceCents: 225_050_000 }]);
  });

  it('BRI: TGL_TRAN, DESK_TRAN, MUTASI_KREDIT, SALDO_AKHIR_MUTASI', () => {
    const { credits, errors } = parseStatement(BRI, PRESETS.bri);
    expect(errors).toEqual([]);
    expect(credits).toEqual([{ line: 2, date: '2026-11-07', description: 'TRANSFER DARI ANDI', amountCents: 7_577_700, balanceCents: 57_577_700 }]);
  });

  it('BNI: posting date with a time, amount with a DB/CR column', () => {
    const { credits, errors } = parseStatement(BNI, PRESETS.bni);
    expect(errors).toEqual([]);
    expect(credits).toEqual([{ line: 2, date: '2026-11-09', description: 'TRANSFER DARI RINA', amountCents: 8_888_800, balanceCents: 98_888_800 }]);
  });

  it('a file that is not the preset\'s export: one error naming the header it looked for', () => {
    const { credits, errors } = parseStatement(BRI, PRESETS.bca);
    expect(credits).toEqual([]);
    expect(errors).toEqual([{ line: 1, message: expect.stringContaining('tanggal transaksi') }]);
  });
});

describe('generic mapping', () => {
  it('semicolons, Indonesian number format, signed amounts, header names', () => {
    const csv = 'Tgl;Uraian;Nominal;Saldo\n01-11-2026;Transfer masuk Dewi;1.500.000,00;2.000.000,00\n02-11-2026;Biaya;-5.000;1.995.000\n';
    const { credits, errors } = parseStatement(csv, genericColumns({ date: 'tgl', description: 'Uraian', amount: 'NOMINAL', balance: 'Saldo' }));
    expect(errors).toEqual([]);
    expect(credits).toEqual([{ line: 2, date: '2026-11-01', description: 'Transfer masuk Dewi', amountCents: 150_000_000, balanceCents: 200_000_000 }]);
  });

  it('column numbers, no balance, month-first dates', () => {
    const csv = 'date,what,in\n11/02/2026,Transfer,125000\n';
    const { credits } = parseStatement(csv, genericColumns({ date: '1', description: '2', credit: '3', date_format: 'mdy' }));
    expect(credits).toEqual([{ line: 2, date: '2026-11-02', description: 'Transfer', amountCents: 12_500_000, balanceCents: null }]);
  });

  it('unreadable lines are reported with their line numbers (a quoted line break counts)', () => {
    const csv = 'Tanggal,Keterangan,Jumlah\n2026-11-01,"Dua\nbaris",1000\n2026-13-01,Bulan salah,1000\n2026-11-02,Nominal salah,12abc\n,Tanpa tanggal,5000\n';
    const { errors } = parseStatement(csv, genericColumns({ date: 'Tanggal', description: 'Keterangan', amount: 'Jumlah' }));
    expect(errors).toEqual([
      { line: 4, message: 'Tanggal tidak terbaca: "2026-13-01".' },
      { line: 5, message: 'Nominal tidak terbaca: "12abc".' },
      { line: 6, message: 'Kolom "Tanggal" kosong atau tidak ada di baris ini.' },
    ]);
  });
});

it.each([
  ['1,500,000.00', 150_000_000, null],
  ['1.500.000,00', 150_000_000, null],
  ['150000', 15_000_000, null],
  ['1.500', 150_000, null],
  ['150.5', 15_050, null],
  ['Rp 25.000', 2_500_000, null],
  ['-75.000', 7_500_000, 'debit'],
  ['(2,000.00)', 200_000, 'debit'],
  ['136,123.00 CR', 13_612_300, 'credit'],
  ['10,000.00 DB', 1_000_000, 'debit'],
])('amount %s', (cell, cents, mark) => {
  expect(parseAmount(cell)).toEqual({ cents, mark });
});

it.each(['', 'abc', '1,500.000,00', '1.5.0', '12e3'])('amount %j is refused', (cell) => {
  expect(parseAmount(cell)).toBeNull();
});

it.each([
  ['2026-11-05', 'dmy', '2026-11-05'],
  ['05/11/2026', 'dmy', '2026-11-05'],
  ['05-11-26', 'dmy', '2026-11-05'],
  ['05 Nov 2026', 'dmy', '2026-11-05'],
  ['05-Des-26', 'dmy', '2026-12-05'],
  ['11/05/2026', 'mdy', '2026-11-05'],
  ['31/02/2026', 'dmy', null],
] as const)('date %s (%s)', (cell, order, expected) => {
  expect(parseDate(cell, order, null)).toBe(expected);
});

it('BCA dates without a year take the period\'s, a month after the period\'s end is the year before', () => {
  expect(parseDate("'28/12", 'dmy', { year: 2027, month: 1 })).toBe('2026-12-28');
  expect(parseDate("'02/01", 'dmy', { year: 2027, month: 1 })).toBe('2027-01-02');
  expect(parseDate("'02/01", 'dmy', null)).toBe('no-year');
});

it('a file that fails on every line reports its first 100 errors, each quoting at most 60 characters of the cell', () => {
  const rows = Array.from({ length: 500 }, (_, i) => `2026-11-01,Baris ${i},${'9'.repeat(10)}x${'9'.repeat(100)}`);
  const { errors } = parseStatement(['Tanggal,Keterangan,Jumlah', ...rows].join('\n'), genericColumns({ date: 'Tanggal', description: 'Keterangan', amount: 'Jumlah' }));
  expect(errors).toHaveLength(100);
  expect(errors[0]).toEqual({ line: 2, message: `Nominal tidak terbaca: "${'9'.repeat(10)}x${'9'.repeat(49)}…".` });
  expect(errors[99]!.line).toBe(101);
});
