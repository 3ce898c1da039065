// French.
import type { LanguageTemplates } from './types';

export const FR: LanguageTemplates = {
  join: ' ',
  events: {
    chatter: {
      title: [
        'Ce que pensent les clients de {city} du {product} de {brand}',
        '{brand} {product} : notre regard',
      ],
      body: [
        'Le {product} de {corp} est devenu courant à {city}.',
        'Beaucoup de clients apprécient la qualité de {brand}.',
        'Les fans comparent le {product} avec l’offre de {rival}.',
      ],
      social: [
        'Le nouveau {product} de {brand} est vraiment bien !',
        'Des pubs {brand} partout à {city}.',
      ],
    },
    launch: {
      title: ['{brand} lance le nouveau {product} à {city}'],
      body: [
        '{corp} a présenté le nouveau {product} mardi à {city}.',
        'Ce lancement arrive {n} mois après le modèle précédent.',
      ],
      social: ['Lancement du {product} de {brand}, déjà commandé !'],
    },
    review: {
      title: ['Test : le {product} de {brand} après {n} semaines'],
      body: [
        'Notre avis : le {product} est solide mais cher.',
        'La note moyenne des clients est de quatre étoiles.',
      ],
      social: ['Mon avis sur le {product} de {brand} : très bon.'],
    },
    price: {
      title: ['{brand} baisse le prix du {product} de {pct} %'],
      body: [
        'La baisse de prix s’applique dès lundi à {city}.',
        '{rival} avait déjà baissé ses prix.',
      ],
      social: ['{brand} baisse enfin ses prix !'],
    },
    earnings: {
      title: ['{corp} dépasse les attentes au trimestre'],
      body: [
        '{corp} a publié des résultats trimestriels supérieurs aux prévisions.',
        'Les ventes du {product} ont progressé de {pct} %.',
      ],
      social: ['Les résultats de {brand} sont publiés.'],
    },
    partnership: {
      title: ['{brand} et {rival} annoncent un partenariat'],
      body: ['Le partenariat avec {rival} débutera le mois prochain à {city}.'],
      social: ['{brand} et {rival} ensemble ? Partenariat surprenant.'],
    },
    recall: {
      title: ['Rappel : {brand} rappelle le {product}', '{corp} lance un rappel du {product}'],
      body: [
        '{corp} a lancé un rappel du {product} après des signalements de défauts.',
        'Les clients de {city} peuvent rapporter le {product} en magasin.',
      ],
      social: ['Rappel de mon {product} {brand}, incroyable.'],
    },
    lawsuit: {
      title: ['Procès contre {corp} à cause du {product}'],
      body: [
        'Une plainte a été déposée contre {corp} à {city}.',
        '{corp} affirme vouloir se défendre lors du procès.',
      ],
      social: ['Ce procès contre {brand} était inévitable.'],
    },
    outage: {
      title: ['Panne chez {brand} : le {product} inaccessible à {city}'],
      body: [
        'La panne a duré {n} heures.',
        '{corp} attribue la panne à une mise à jour défectueuse.',
      ],
      social: ['{brand} en panne chez vous aussi ? Ici à {city} oui.'],
    },
    award: {
      title: ['Le {product} de {brand} remporte un prix de design'],
      body: ['Le {product} a reçu un prix lors d’une cérémonie à {city}.'],
      social: ['Bravo {handle} pour ce prix !'],
    },
    layoffs: {
      title: ['{corp} annonce des licenciements à {city}'],
      body: ['Les licenciements concernent environ {pct} % des salariés.'],
      social: ['Triste nouvelle, des licenciements chez {brand}.'],
    },
    breach: {
      title: ['{brand} confirme une fuite de données'],
      body: [
        '{corp} a confirmé une fuite de données concernant ses clients.',
        'Des experts de {city} recommandent de changer de mot de passe.',
      ],
      social: ['Encore une fuite de données chez {brand} ?'],
    },
  },
  general: [
    'Les analystes attendent d’autres annonces de {brand}.',
    '{person} a déclaré que l’entreprise donnera bientôt plus de détails.',
    'Le concurrent {rival} n’a pas commenté.',
    'L’action {corp} a varié de {pct} %.',
  ],
  industry: {
    title: [
      'Les commerçants de {city} attendent un bon trimestre',
      'Nouvelles pistes cyclables à {city}',
    ],
    body: [
      'Les magasins de {city} signalent une demande stable.',
      'Les usagers ont subi des retards lundi matin.',
      'Le conseil municipal examinera le projet dans {n} jours.',
    ],
    social: ['Belle matinée à {city}.', 'Un café d’abord, les mails ensuite.'],
  },
  forum: {
    title: ['Quelqu’un a des problèmes avec le {product} de {brand} ?'],
    body: [
      'J’ai le {product} depuis {n} semaines et il fait un bruit étrange.',
      'Le support me dit d’attendre une mise à jour.',
      'Des conseils ?',
    ],
  },
};
