import { describe, expect, it } from 'vitest';
import {
  daysToCutoff,
  estimate,
  estimateLabel,
  explainUscisStatus,
  movement,
  nextStepLabel,
  positionLabel,
  processingVerdict,
  type CaseStanding,
} from './rules';

function standing(over: Partial<CaseStanding> = {}): CaseStanding {
  return {
    process_id: 7,
    type: 'Green Card',
    stage: null,
    priority_date: '2017-06-01',
    visa_category: 'F2B',
    bulletin_category: 'F2B',
    chargeability: 'ALL',
    bulletin: {
      month: '2026-01-01',
      uscis_chart: 'dates_for_filing',
      final_action: { cutoff: '01DEC16', cutoff_date: '2016-12-01', current: false },
      dates_for_filing: { cutoff: '15MAR17', cutoff_date: '2017-03-15', current: false },
      history: [
        { month: '2025-10-01', cutoff: '22NOV16', cutoff_date: '2016-11-22' },
        { month: '2025-11-01', cutoff: '22NOV16', cutoff_date: '2016-11-22' },
        { month: '2025-12-01', cutoff: '22NOV16', cutoff_date: '2016-11-22' },
        { month: '2026-01-01', cutoff: '01DEC16', cutoff_date: '2016-12-01' },
      ],
    },
    uscis: null,
    processing_time: null,
    uscis_form: null,
    uscis_office: null,
    receipt_date: null,
    next_event: null,
    pending_documents: [],
    ...over,
  };
}

describe('the Visa Bulletin position', () => {
  it('counts the days the cut-off still has to advance past the priority date', () => {
    // the cut-off must pass 2017-06-01: from 2016-12-01 that is 182 days plus one
    expect(daysToCutoff('2017-06-01', { cutoff: '01DEC16', cutoff_date: '2016-12-01', current: false })).toBe(183);
    expect(daysToCutoff('2016-01-01', { cutoff: '01DEC16', cutoff_date: '2016-12-01', current: true })).toBe(0);
    expect(daysToCutoff('2016-01-01', { cutoff: 'U', cutoff_date: null, current: false })).toBeNull();
  });

  it('measures the monthly advance and its spread', () => {
    const m = movement(standing().bulletin!.history)!;
    expect(m.steps).toBe(3);
    expect(m.daysPerMonth).toBeCloseTo(3); // 0, 0, 9 days in three months
    expect(m.spread).toBeCloseTo(Math.sqrt(18));
  });

  it('estimates the months with a range, and says when it cannot', () => {
    const e = estimate(standing());
    expect(e).toEqual({ kind: 'months', likely: 61, low: 26, high: null, steps: 3 });
    expect(estimateLabel(e)).toContain('Cerca de 61 meses (26 meses ou mais)');
    expect(
      estimate(
        standing({
          priority_date: '2016-01-01',
          bulletin: {
            ...standing().bulletin!,
            final_action: { cutoff: '01DEC16', cutoff_date: '2016-12-01', current: true },
          },
        }),
      ).kind,
    ).toBe('current');
    const still = standing();
    still.bulletin!.history = still.bulletin!.history.slice(0, 3);
    expect(estimateLabel(estimate(still))).toContain('não avançou');
    still.bulletin!.history = still.bulletin!.history.slice(0, 1);
    expect(estimateLabel(estimate(still))).toContain('Poucos boletins');
  });

  it('tells the client where the case is in one sentence', () => {
    expect(positionLabel(standing())).toBe(
      'No Boletim de Vistos de janeiro de 2026, a fila da sua categoria está em 01/12/2016; sua data de prioridade é 01/06/2017: faltam cerca de 6 meses de avanço.',
    );
    expect(positionLabel(standing({ priority_date: null }))).toBe('Este processo não depende do Boletim de Vistos.');
  });
});

describe('the USCIS status and what to do', () => {
  it('explains the English status titles and the office categories in Portuguese', () => {
    expect(explainUscisStatus('Case Was Received')).toContain('recebeu o pedido');
    expect(explainUscisStatus('Pedido de evidências (RFE) (Request for Evidence Was Sent)')).toContain(
      'mais documentos',
    );
    expect(explainUscisStatus('Aprovado (Case Was Approved)')).toBe('O pedido foi aprovado.');
    expect(explainUscisStatus('Card Was Mailed To Me')).toContain('enviou o cartão');
    expect(explainUscisStatus(null)).toBeNull();
  });

  it('puts pending documents first, then an RFE, then the next appointment', () => {
    expect(nextStepLabel(standing({ pending_documents: ['Passaporte', 'Certidão'] }))).toBe(
      'Enviar pelo portal: Passaporte, Certidão.',
    );
    expect(
      nextStepLabel(
        standing({
          uscis: { receipt_number: 'X', status: 'Request for Evidence Was Sent', updated_at: null, is_demo: false },
        }),
      ),
    ).toContain('responder ao USCIS');
    expect(
      nextStepLabel(
        standing({ next_event: { kind: 'hearing', at: '2026-03-02T14:00:00Z', title: 'Audiência', location: null } }),
      ),
    ).toContain('Comparecer: Audiência');
    expect(nextStepLabel(standing())).toContain('Nada por enquanto');
  });

  it('compares the months since the receipt with the published maximum', () => {
    const time = { form: 'I-485', office: 'NBC', min_months: 8.5, max_months: 12, published_on: null };
    const within = processingVerdict(
      standing({ processing_time: time, receipt_date: '2025-06-01' }),
      new Date(2026, 0, 1),
    );
    expect(within).toEqual({ elapsedMonths: 7, within: true, label: 'dentro do prazo' });
    const over = processingVerdict(
      standing({ processing_time: time, receipt_date: '2024-06-01' }),
      new Date(2026, 0, 1),
    );
    expect(over?.label).toBe('acima do prazo');
    expect(processingVerdict(standing({ processing_time: time }))).toBeNull();
  });
});
