// German.
import type { LanguageTemplates } from './types';

export const DE: LanguageTemplates = {
  join: ' ',
  events: {
    chatter: {
      title: ['Was Kunden in {city} vom {brand} {product} halten', '{brand} {product} im Alltag'],
      body: [
        'Der {product} von {corp} ist in {city} inzwischen überall zu sehen.',
        'Viele Kunden loben die Qualität von {brand}.',
        'Fans vergleichen den {product} mit dem Angebot von {rival}.',
      ],
      social: [
        'Der neue {brand} {product} ist echt gut!',
        'Überall Werbung von {brand} in {city}.',
      ],
    },
    launch: {
      title: [
        '{brand} stellt neuen {product} in {city} vor',
        'Markteinführung: {corp} zeigt den {product}',
      ],
      body: [
        '{corp} hat den neuen {product} am Dienstag in {city} vorgestellt.',
        'Die Markteinführung kommt {n} Monate nach dem Vorgänger.',
      ],
      social: ['Neuer {product} von {brand}, sofort vorbestellt!'],
    },
    review: {
      title: ['Test: der {brand} {product} nach {n} Wochen'],
      body: [
        'Im Test überzeugt der {product} mit guter Verarbeitung.',
        'Die Bewertung der Kunden liegt bei vier Sternen.',
      ],
      social: ['Kurzes Fazit zum {brand} {product}: solide.'],
    },
    price: {
      title: ['{brand} senkt den Preis für den {product} um {pct} Prozent'],
      body: [
        'Der neue Preis gilt ab Montag in allen Filialen in {city}.',
        'Auch {rival} hatte zuletzt den Preis gesenkt.',
      ],
      social: ['{brand} hat den Preis gesenkt, endlich!'],
    },
    earnings: {
      title: ['{corp} übertrifft die Erwartungen im Quartal'],
      body: [
        '{corp} meldete Quartalszahlen über den Prognosen der Analysten.',
        'Der Umsatz mit dem {product} stieg um {pct} Prozent.',
      ],
      social: ['Die Quartalszahlen von {brand} sind da.'],
    },
    partnership: {
      title: ['{brand} und {rival} kündigen Partnerschaft an'],
      body: ['Die Partnerschaft mit {rival} soll im nächsten Monat in {city} starten.'],
      social: ['{brand} und {rival}? Überraschende Partnerschaft.'],
    },
    recall: {
      title: [
        'Rückruf: {brand} ruft den {product} zurück',
        '{corp} startet Rückruf für den {product}',
      ],
      body: [
        '{corp} hat einen Rückruf für den {product} gestartet.',
        'Kunden in {city} können den {product} kostenlos zurückgeben.',
        'Der Rückruf betrifft Geräte aus den letzten {n} Monaten.',
      ],
      social: ['Rückruf für meinen {brand} {product}, unglaublich.'],
    },
    lawsuit: {
      title: ['Klage gegen {corp} wegen des {product}'],
      body: [
        'Vor einem Gericht in {city} wurde Klage gegen {corp} eingereicht.',
        '{corp} will sich gegen die Klage wehren.',
      ],
      social: ['Die Klage gegen {brand} war überfällig.'],
    },
    outage: {
      title: ['Störung bei {brand}: {product} in {city} ausgefallen'],
      body: [
        'Der Ausfall dauerte {n} Stunden.',
        '{corp} macht ein fehlerhaftes Update für die Störung verantwortlich.',
      ],
      social: ['Ist {brand} gerade down? Störung in {city}.'],
    },
    award: {
      title: ['{brand} {product} gewinnt Designpreis'],
      body: ['Der {product} wurde in {city} mit einem Preis ausgezeichnet.'],
      social: ['Glückwunsch {handle} zum Preis!'],
    },
    layoffs: {
      title: ['{corp} kündigt Stellenabbau in {city} an'],
      body: [
        'Der Stellenabbau betrifft rund {pct} Prozent der Belegschaft.',
        'Gewerkschaften in {city} kritisieren den Stellenabbau.',
      ],
      social: ['Traurige Nachrichten zum Stellenabbau bei {brand}.'],
    },
    breach: {
      title: ['{brand} bestätigt Datenleck'],
      body: [
        '{corp} bestätigte ein Datenleck, bei dem Kundendaten offengelegt wurden.',
        'Experten in {city} raten nach dem Datenleck zu neuen Passwörtern.',
      ],
      social: ['Schon wieder ein Datenleck bei {brand}?'],
    },
  },
  general: [
    'Analysten erwarten weitere Neuigkeiten von {brand}.',
    '{person} sagte, das Unternehmen werde bald mehr Details nennen.',
    'Der Konkurrent {rival} äußerte sich nicht.',
    'Die Aktie von {corp} bewegte sich um {pct} Prozent.',
  ],
  industry: {
    title: ['Händler in {city} erwarten ein starkes Quartal', 'Neue Radwege in {city} eröffnet'],
    body: [
      'Die Geschäfte in {city} meldeten eine stabile Nachfrage.',
      'Pendler mussten am Montag mit Verspätungen rechnen.',
      'Der Stadtrat berät in {n} Tagen über die Pläne.',
    ],
    social: ['Schöner Morgen in {city}.', 'Erst Kaffee, dann E-Mails.'],
  },
  forum: {
    title: ['Hat jemand Probleme mit dem {brand} {product}?', 'Lohnt sich der {brand} {product}?'],
    body: [
      'Ich habe den {product} seit {n} Wochen und er macht seltsame Geräusche.',
      'Der Support sagt, ich soll auf ein Update warten.',
      'Hat jemand einen Tipp?',
    ],
  },
};
