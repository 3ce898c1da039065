// Noise: automated market notes, promotions, SEO spam, diet and pharma spam, and abusive posts,
// so that `noisecategory:` filters have something to remove. Written in English, as most such
// content is. Abuse is represented by a moderation placeholder, not by abusive text.
import type { NoiseCategory } from '../vocabulary';

export interface NoiseTemplates {
  readonly title: readonly string[];
  readonly body: readonly string[];
}

export const NOISE: Readonly<Record<NoiseCategory, NoiseTemplates>> = {
  financial_news: {
    title: ['{corp} stock: {n} things to watch today', '{corp} shares close {pct} percent higher'],
    body: [
      'Shares of {corp} traded {pct} percent higher at the close.',
      'Trading volume was {n} percent above its average.',
      'This note was generated automatically from market data.',
    ],
  },
  promotions: {
    title: [
      'Deal alert: {pct} percent off the {brand} {product}',
      'Today only: {brand} {product} sale',
    ],
    body: [
      'Save {pct} percent on the {brand} {product} today only.',
      'Use the code in our profile at checkout.',
      'Limited stock, order now!',
    ],
  },
  seo_scam: {
    title: ['Best cheap {product} online free shipping', 'Free {brand} gift cards click here'],
    body: [
      'Buy cheap {product} online, best price guaranteed.',
      'Click here for free {brand} gift cards.',
      'Top {n} deals you will not believe.',
    ],
  },
  diet_pharma: {
    title: [
      'Lose weight in {n} days with this one trick',
      'Miracle pills doctors do not want you to know',
    ],
    body: [
      'Doctors hate this simple trick.',
      'Order the miracle pills now, {pct} percent off today.',
      'Results in just {n} days.',
    ],
  },
  hate_speech: {
    title: ['Removed post'],
    body: ['This abusive post about {brand} customers in {city} was hidden by moderation.'],
  },
};
