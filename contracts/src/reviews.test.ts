import { describe, expect, it } from 'vitest';
import { ReviewEditInput, ReviewInput, reviewAuthorName } from './reviews';

describe('how a review’s author is shown', () => {
  it('is her first name and the initial of her last', () => {
    expect(reviewAuthorName('Nida Khan', false)).toBe('Nida K.');
    expect(reviewAuthorName('  nida   khan   baloch ', false)).toBe('nida B.');
    expect(reviewAuthorName('Nida', false)).toBe('Nida');
  });

  it('is Anonymous when she chose so, when her name is unknown, or blank', () => {
    expect(reviewAuthorName('Nida Khan', true)).toBe('Anonymous');
    expect(reviewAuthorName(null, false)).toBe('Anonymous');
    expect(reviewAuthorName('   ', false)).toBe('Anonymous');
  });
});

describe('a review’s body', () => {
  it('shows the author’s name unless she asks otherwise; a line may be named', () => {
    expect(ReviewInput.parse({ productId: 'p1', rating: 4 })).toEqual({
      productId: 'p1',
      rating: 4,
      comment: '',
      anonymous: false,
    });
    expect(
      ReviewInput.parse({ productId: 'p1', orderId: 'o1', lineId: 'l1', rating: 4, anonymous: true }),
    ).toMatchObject({
      orderId: 'o1',
      lineId: 'l1',
      anonymous: true,
    });
    expect(ReviewInput.safeParse({ productId: 'p1', rating: 4, anonymous: 'yes' }).success).toBe(false);
  });

  it('an edit leaves anonymity as it was unless said', () => {
    expect(ReviewEditInput.parse({ rating: 2, comment: ' Faded ' })).toEqual({ rating: 2, comment: 'Faded' });
    expect(ReviewEditInput.safeParse({ rating: 0, comment: '' }).success).toBe(false);
  });
});
