import assert from 'node:assert/strict';
import { estimateCredits } from '../../../../core/api/client/estimate';
import { costLabel, creditDecision } from '../../../../src/shell/commands/creditDecision';

describe('asking before spending credits', () => {
  const histogram = estimateCredits({ kind: 'histogram' });
  const situation = { estimate: histogram, sandbox: false, threshold: 0, dontAsk: false };

  it('against a service every spending call asks by default; a free one never', () => {
    assert.equal(creditDecision(situation), 'ask');
    assert.equal(
      creditDecision({ ...situation, estimate: estimateCredits({ kind: 'upload' }) }),
      'free',
    );
  });

  it('against the sandbox the cost is shown, not asked', () => {
    assert.equal(creditDecision({ ...situation, sandbox: true }), 'show');
  });

  it('at or under the threshold, or after Don’t Ask Again, it is shown', () => {
    assert.equal(creditDecision({ ...situation, threshold: 10 }), 'show');
    assert.equal(creditDecision({ ...situation, threshold: 9 }), 'ask');
    assert.equal(creditDecision({ ...situation, dontAsk: true }), 'show');
  });

  it('an unbounded cost (an open stream) asks whatever the threshold', () => {
    const stream = estimateCredits({ kind: 'streamRead' });
    assert.equal(creditDecision({ ...situation, estimate: stream, threshold: 1e9 }), 'ask');
  });

  it('labels the cost as the user reads it', () => {
    assert.equal(costLabel(histogram), '10 credits');
    assert.equal(costLabel(estimateCredits({ kind: 'results', hpp: 50 })), '10 to 60 credits');
    assert.equal(
      costLabel(estimateCredits({ kind: 'export', limit: 1000 })),
      'up to 1,000 credits',
    );
    assert.equal(costLabel(estimateCredits({ kind: 'upload' })), undefined);
  });
});
