// Spanish.
import type { LanguageTemplates } from './types';

export const ES: LanguageTemplates = {
  join: ' ',
  events: {
    chatter: {
      title: [
        'Lo que opinan los clientes de {city} del {product} de {brand}',
        '{brand} {product}: un vistazo de cerca',
      ],
      body: [
        'El {product} de {corp} ya es habitual en {city}.',
        'Muchos clientes valoran la calidad de {brand}.',
        'Los fans comparan el {product} con la oferta de {rival}.',
      ],
      social: [
        '¡El nuevo {product} de {brand} me encanta!',
        'Anuncios de {brand} por todo {city}.',
      ],
    },
    launch: {
      title: ['{brand} lanza el nuevo {product} en {city}'],
      body: [
        '{corp} presentó el nuevo {product} el martes en {city}.',
        'El lanzamiento llega {n} meses después del modelo anterior.',
      ],
      social: ['¡Lanzamiento del {product} de {brand}, ya lo reservé!'],
    },
    review: {
      title: ['Reseña: el {product} de {brand} tras {n} semanas'],
      body: [
        'En nuestra reseña, el {product} destaca por su diseño.',
        'La valoración media de los clientes es de cuatro estrellas.',
      ],
      social: ['Mi reseña del {product} de {brand}: muy bueno.'],
    },
    price: {
      title: ['{brand} rebaja el precio del {product} un {pct} %'],
      body: [
        'El nuevo precio se aplica desde el lunes en las tiendas de {city}.',
        '{rival} ya había bajado sus precios.',
      ],
      social: ['¡{brand} por fin baja el precio!'],
    },
    earnings: {
      title: ['{corp} supera las previsiones trimestrales'],
      body: [
        '{corp} presentó resultados trimestrales por encima de lo esperado.',
        'Las ventas del {product} crecieron un {pct} %.',
      ],
      social: ['Ya salieron los resultados de {brand}.'],
    },
    partnership: {
      title: ['{brand} y {rival} anuncian una alianza'],
      body: ['La alianza con {rival} comenzará el próximo mes en {city}.'],
      social: ['¿{brand} y {rival} juntos? Alianza inesperada.'],
    },
    recall: {
      title: ['{brand} anuncia la retirada del {product}'],
      body: [
        '{corp} ordenó la retirada del {product} por posibles defectos.',
        'Los clientes de {city} pueden devolver el {product} en tienda.',
      ],
      social: ['Retirada de mi {product} de {brand}, increíble.'],
    },
    lawsuit: {
      title: ['Demanda contra {corp} por el {product}'],
      body: [
        'Se presentó una demanda contra {corp} en {city}.',
        '{corp} dijo que se defenderá de la demanda.',
      ],
      social: ['Esa demanda contra {brand} era inevitable.'],
    },
    outage: {
      title: ['Caída del servicio de {brand} en {city}'],
      body: [
        'La caída duró {n} horas.',
        '{corp} atribuye la caída a una actualización defectuosa.',
      ],
      social: ['¿Se cayó {brand} para alguien más? Aquí en {city} sí.'],
    },
    award: {
      title: ['El {product} de {brand} gana un premio de diseño'],
      body: ['El {product} recibió el premio en una ceremonia en {city}.'],
      social: ['¡Enhorabuena {handle} por el premio!'],
    },
    layoffs: {
      title: ['{corp} anuncia despidos en {city}'],
      body: ['Los despidos afectan a cerca del {pct} % de la plantilla.'],
      social: ['Malas noticias, despidos en {brand}.'],
    },
    breach: {
      title: ['{brand} confirma una filtración de datos'],
      body: [
        '{corp} confirmó una filtración de datos de clientes.',
        'Expertos de {city} recomiendan cambiar las contraseñas.',
      ],
      social: ['¿Otra filtración de datos en {brand}?'],
    },
  },
  general: [
    'Los analistas esperan más noticias de {brand} esta semana.',
    '{person} afirmó que la empresa dará más detalles pronto.',
    'El competidor {rival} no hizo comentarios.',
    'Las acciones de {corp} se movieron un {pct} %.',
  ],
  industry: {
    title: ['Los comercios de {city} esperan un buen trimestre', 'Nuevos carriles bici en {city}'],
    body: [
      'Las tiendas de {city} registran una demanda estable.',
      'Los viajeros sufrieron retrasos el lunes por la mañana.',
      'El ayuntamiento debatirá el plan en {n} días.',
    ],
    social: ['¡Qué mañana tan bonita en {city}!', 'Primero café, luego correos.'],
  },
  forum: {
    title: ['¿Alguien tiene problemas con el {product} de {brand}?'],
    body: [
      'Tengo el {product} desde hace {n} semanas y hace un ruido raro.',
      'El soporte me dice que espere una actualización.',
      '¿Algún consejo?',
    ],
  },
};
