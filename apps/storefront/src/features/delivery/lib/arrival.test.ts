import { arrivalRangeText } from './arrival';

describe('arrivalRangeText', () => {
  it('names the weekday, day and month of both ends', () => {
    expect(arrivalRangeText({ from: '2026-12-01', to: '2026-12-04' })).toBe('Arrives Tue 1 Dec – Fri 4 Dec');
  });
  it('says one day once', () => {
    expect(arrivalRangeText({ from: '2027-01-05', to: '2027-01-05' })).toBe('Arrives Tue 5 Jan');
  });
});
