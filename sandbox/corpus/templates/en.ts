// English: the richest set, since most coverage and most example queries are English.
import type { LanguageTemplates } from './types';

export const EN: LanguageTemplates = {
  join: ' ',
  events: {
    chatter: {
      title: [
        'What customers in {city} think of the {brand} {product}',
        '{brand} {product}: a closer look',
        'Why everyone is talking about {brand} this week',
        'Is the {brand} {product} worth the hype?',
      ],
      body: [
        'The {brand} {product} has become a familiar sight in {city}.',
        'Shoppers say the {product} from {corp} is easy to use but hard to find.',
        '{person}, who has followed {brand} for years, said demand is steady.',
        'Fans of {brand} compare the {product} with what {rival} offers.',
      ],
      social: [
        'Honestly the {brand} {product} is growing on me.',
        'Anyone else seeing {brand} ads everywhere in {city}?',
        'My {brand} {product} arrived today!',
        'Still not sure about the {product} from {brand}.',
        'Switched from {rival} to {brand} and no regrets so far.',
        'Found a recipe that needs the {brand} {product}, seriously.',
      ],
    },
    launch: {
      title: [
        '{brand} launches new {product} in {city}',
        '{corp} unveils the next {product}',
        'First look at the new {brand} {product}',
      ],
      body: [
        '{corp} launched the new {product} on Tuesday with an event in {city}.',
        'The launch comes {n} months after the previous model.',
        'Early buyers lined up outside stores in {city} for the launch.',
        '{person} called the {product} the most important launch for {brand} this year.',
      ],
      social: [
        'The new {brand} {product} launch was wild.',
        'Pre-ordered the new {product} from {brand}!',
        'Watching the {brand} launch live from {city}.',
      ],
    },
    review: {
      title: [
        'Review: the {brand} {product} after {n} weeks',
        '{brand} {product} review: better than {rival}?',
      ],
      body: [
        'In our review, the {product} scored {n} points for build quality.',
        'Reviewers praise the design of the {product} but criticise the price.',
        'Customer ratings for the {brand} {product} average four stars.',
        'Our rating: a solid buy for most people in {city}.',
      ],
      social: [
        'Quick review of my {brand} {product}: solid, a bit loud.',
        'My rating for the {brand} {product}: eight out of ten.',
      ],
    },
    price: {
      title: [
        '{brand} cuts the price of the {product} by {pct} percent',
        '{product} price drop: {corp} responds to {rival}',
      ],
      body: [
        '{corp} cut the price of the {product} by {pct} percent from Monday.',
        'Retailers in {city} expect the lower price to lift sales.',
        'The price cut follows a similar move by {rival}.',
      ],
      social: [
        '{brand} just dropped the {product} price, finally!',
        'Is the new {brand} price for real?',
      ],
    },
    earnings: {
      title: ['{corp} beats quarterly earnings forecast', '{brand} quarterly earnings fall short'],
      body: [
        '{corp} reported quarterly earnings above analyst estimates.',
        'Revenue from the {product} line grew {pct} percent year on year.',
        '{person}, an analyst in {city}, said investors reacted calmly to the earnings.',
      ],
      social: [
        '{brand} earnings are out and the stock is moving.',
        'Those {brand} earnings though.',
      ],
    },
    partnership: {
      title: [
        '{brand} and {rival} announce partnership',
        '{corp} teams up with {rival} on the {product}',
      ],
      body: [
        '{corp} announced a partnership with {rival} to bring the {product} to more markets.',
        'The partnership starts in {city} next month.',
      ],
      social: ['{brand} and {rival} partnership? Did not see that coming.'],
    },
    recall: {
      title: [
        '{brand} issues {product} recall after safety complaints',
        'Safety recall: {corp} pulls the {product}',
        '{brand} {product} recall widens to {city}',
      ],
      body: [
        '{corp} issued a recall of the {product} after reports of defects.',
        'Customers in {city} are asked to return the {product} for a full refund.',
        'The recall affects units sold in the past {n} months.',
        '{person} said the recall was a precaution and no injuries had been confirmed.',
      ],
      social: [
        'Just got a recall notice for my {brand} {product}.',
        '{brand} {product} recall, unbelievable.',
        'Anyone know how the {brand} recall refund works?',
      ],
    },
    lawsuit: {
      title: [
        '{corp} faces lawsuit over the {product}',
        'Customers file class action lawsuit against {brand}',
      ],
      body: [
        'A lawsuit filed in {city} claims the {product} was sold with known defects.',
        '{corp} said it would defend itself against the lawsuit.',
        'Lawyers for {n} customers seek damages in the lawsuit.',
      ],
      social: [
        'The {brand} lawsuit is going to be huge.',
        'Good, someone finally sued {brand} over the {product}.',
      ],
    },
    outage: {
      title: [
        '{brand} services down in {city} after major outage',
        '{corp} apologises for {product} outage',
      ],
      body: [
        'An outage left {product} users without service for {n} hours.',
        '{corp} blamed the outage on a faulty update.',
        'Users in {city} reported the outage first.',
      ],
      social: [
        'Is {brand} down for anyone else? Outage here in {city}.',
        '{n} hours of {brand} outage and counting.',
      ],
    },
    award: {
      title: ['{brand} {product} wins design award', '{corp} named innovator of the year'],
      body: [
        'The {product} won the award for best design at a ceremony in {city}.',
        'Judges praised {corp} for the {product}.',
      ],
      social: ['Congrats {handle} on the award!', 'The {brand} {product} deserved that award.'],
    },
    layoffs: {
      title: [
        '{corp} announces layoffs at {city} site',
        '{brand} layoffs hit {pct} percent of staff',
      ],
      body: [
        '{corp} plans layoffs affecting {pct} percent of its staff.',
        'Unions in {city} criticised the layoffs.',
      ],
      social: ['Sad news about the {brand} layoffs today.'],
    },
    breach: {
      title: [
        '{brand} confirms data breach affecting customers',
        'Data breach at {corp}: what we know',
      ],
      body: [
        '{corp} confirmed a data breach exposing customer emails.',
        'Security experts in {city} urged users to change passwords after the breach.',
      ],
      social: ['{brand} data breach again? Changing all my passwords now.'],
    },
  },
  general: [
    'Shares of {corp} moved {pct} percent in early trading.',
    '{person} said the company would share more details soon.',
    'Rival {rival} has not commented.',
    'The company employs thousands of people in {city}.',
    'Analysts expect more news from {brand} this week.',
    'Some customers remain sceptical.',
    'It is not the first time {brand} has made headlines this year.',
    'A spokesperson for {corp} declined to comment further.',
  ],
  industry: {
    title: [
      'Retailers in {city} prepare for a busy season',
      'Tech stocks mixed as investors await data',
      'Weather disrupts travel across {city}',
      'New bike lanes open in {city}',
    ],
    body: [
      'Local shops in {city} reported steady footfall.',
      'Economists expect prices to stabilise next quarter.',
      'Commuters faced delays on Monday morning.',
      'The city council will discuss the plans in {n} days.',
      'Residents of {city} have mixed feelings about the changes.',
    ],
    social: [
      'Beautiful morning in {city}.',
      'Coffee first, emails later.',
      'Traffic in {city} is a nightmare today.',
      'Who else is working this weekend?',
    ],
  },
  forum: {
    title: [
      'Anyone else having trouble with the {brand} {product}?',
      'Is the {brand} {product} worth it?',
      '{brand} {product} or {rival}: which one?',
    ],
    body: [
      'I bought the {product} {n} weeks ago and it already makes a strange noise.',
      'Support told me to wait for an update.',
      'Mine works fine, but the battery could be better.',
      'Any tips?',
      'I would not buy {brand} again.',
    ],
  },
};
