import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTax } from './tax.ts';

describe('tax (design section 9)', () => {
  it('charges Singapore GST of 9 % on personal accident and home, none on outbound travel', () => {
    expect(computeTax('SGP', 'PAN', 20000)).toEqual({ gst: 1800, levy: 0 });
    expect(computeTax('SGP', 'PHM', 14550)).toEqual({ gst: 1310, levy: 0 });
    expect(computeTax('SGP', 'PTR', 3600)).toEqual({ gst: 0, levy: 0 });
  });

  it('charges the Hong Kong IA levy of 0.1 %, capped at HK$5,000', () => {
    expect(computeTax('HKG', 'PTR', 14800)).toEqual({ gst: 0, levy: 15 });
    expect(computeTax('HKG', 'PAN', 62000)).toEqual({ gst: 0, levy: 62 });
    expect(computeTax('HKG', 'PHM', 1_000_000_000)).toEqual({ gst: 0, levy: 500_000 });
  });

  it('rounds each tax line once, half up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (premium) => {
        const { gst } = computeTax('SGP', 'PAN', premium);
        return (
          gst === Math.floor((premium * 9) / 100 + 0.5 + 1e-9) || Math.abs(gst - (premium * 9) / 100) <= 0.5
        );
      }),
    );
  });
});
