import { describe, expect, it } from 'vitest';
import { TRACKING_COURIERS, trackingCourierOf, trackingUrl } from './tracking-links.js';

describe('trackingCourierOf', () => {
  it.each([
    ['JNE', 'JNE'], ['JNE REG', 'JNE'], ['jne yes', 'JNE'], ['JNE-OKE', 'JNE'],
    ['J&T', 'J&T Express'], ['J&T EZ', 'J&T Express'], ['J & T Express', 'J&T Express'], ['JNT', 'J&T Express'], ['jnt express', 'J&T Express'], ['JT Express', 'J&T Express'],
    ['SiCepat', 'SiCepat'], ['SICEPAT REG', 'SiCepat'], ['Si Cepat BEST', 'SiCepat'],
    ['AnterAja', 'AnterAja'], ['Anteraja Reguler', 'AnterAja'], ['Anter Aja', 'AnterAja'],
    ['Ninja Xpress', 'Ninja Xpress'], ['ninja van', 'Ninja Xpress'], ['NINJA', 'Ninja Xpress'],
    ['ID Express', 'ID Express'], ['IDExpress', 'ID Express'], ['IDE', 'ID Express'], ['idx std', 'ID Express'],
    ['POS Indonesia', 'POS Indonesia'], ['Pos Kilat Khusus', 'POS Indonesia'], ['POS', 'POS Indonesia'], ['pos reguler', 'POS Indonesia'], ['PosAja', 'POS Indonesia'],
    ['SAP Express', 'SAP Express'], ['SAP', 'SAP Express'], ['sap reg', 'SAP Express'],
    ['Lion Parcel', 'Lion Parcel'], ['LION REGPACK', 'Lion Parcel'], ['lionparcel', 'Lion Parcel'],
    ['Wahana', 'Wahana'], ['WAHANA Express', 'Wahana'],
  ])('%s is %s', (written, name) => {
    expect(trackingCourierOf(written)?.name).toBe(name);
  });

  it.each(['', '  ', 'TIKI', 'Gosend', 'Kurir toko', 'Posko', 'Sapi Express', 'Lionel', 'Idea', 'JTR'])('%j is none of them', (written) => {
    expect(trackingCourierOf(written)).toBeNull();
  });

  it('has the ten couriers of the issue', () => {
    expect(TRACKING_COURIERS.map((c) => c.name)).toEqual([
      'JNE', 'J&T Express', 'SiCepat', 'AnterAja', 'Ninja Xpress', 'ID Express', 'POS Indonesia', 'SAP Express', 'Lion Parcel', 'Wahana',
    ]);
  });
});

describe('trackingUrl', () => {
  it('links the resi at its courier, https, the resi escaped', () => {
    expect(trackingUrl('JNE REG', 'JNE0012345')).toBe('https://www.jne.co.id/id/tracking/trace/JNE0012345');
    expect(trackingUrl('Lion Parcel', ' 11LP 17/76 ')).toBe('https://lionparcel.com/track/stt?q=11LP17%2F76');
    for (const c of TRACKING_COURIERS) expect(c.url('X1')).toMatch(/^https:\/\/[a-z0-9.-]+\/.*X1/);
  });

  it('has no link without a resi or for an unknown courier', () => {
    expect(trackingUrl('JNE', null)).toBeNull();
    expect(trackingUrl('JNE', '   ')).toBeNull();
    expect(trackingUrl('TIKI', 'T123')).toBeNull();
  });
});
