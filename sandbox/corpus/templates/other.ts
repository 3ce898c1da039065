// The languages with a smaller share of coverage: a handful of sentences each, about a brand and
// its product, without event-specific wording (their documents are written as `chatter`).
import type { LanguageTemplates } from './types';

interface Small {
  readonly title: readonly string[];
  readonly body: readonly string[];
  readonly social: readonly string[];
  readonly local: readonly string[];
  readonly question: string;
  readonly join?: string;
}

/** One small set serves every part: the brand sentences double as forum posts. */
function small(set: Small): LanguageTemplates {
  return {
    join: set.join ?? ' ',
    events: { chatter: { title: set.title, body: set.body, social: set.social } },
    general: set.body,
    industry: { title: set.local, body: set.local, social: set.local },
    forum: { title: [set.question], body: set.body },
  };
}

export const OTHER_LANGUAGES: Readonly<Record<string, LanguageTemplates>> = {
  pt: small({
    title: [
      '{brand} apresenta o novo {product} em {city}',
      'O que os clientes de {city} acham da {brand}',
    ],
    body: [
      'O {product} da {corp} já é comum em {city}.',
      'Muitos clientes elogiam a qualidade da {brand}.',
      'Analistas esperam mais novidades da {brand} nesta semana.',
    ],
    social: ['Adorei o novo {product} da {brand}!', 'Alguém mais viu a {brand} em {city} hoje?'],
    local: ['As lojas de {city} registram uma procura estável.'],
    question: 'Alguém tem problemas com o {product} da {brand}?',
  }),
  it: small({
    title: [
      '{brand} presenta il nuovo {product} a {city}',
      'Cosa pensano i clienti di {city} di {brand}',
    ],
    body: [
      'Il {product} di {corp} è ormai diffuso a {city}.',
      'Molti clienti apprezzano la qualità di {brand}.',
      'Gli analisti attendono altre novità da {brand}.',
    ],
    social: [
      'Il nuovo {product} di {brand} è fantastico!',
      'Qualcuno ha provato il {product} di {brand}?',
    ],
    local: ['I negozi di {city} registrano una domanda stabile.'],
    question: 'Qualcuno ha problemi con il {product} di {brand}?',
  }),
  nl: small({
    title: [
      '{brand} presenteert nieuwe {product} in {city}',
      'Wat klanten in {city} vinden van {brand}',
    ],
    body: [
      'De {product} van {corp} is in {city} overal te zien.',
      'Veel klanten zijn tevreden over {brand}.',
      'Analisten verwachten meer nieuws van {brand}.',
    ],
    social: [
      'De nieuwe {product} van {brand} is echt goed!',
      'Iemand anders ook problemen met {brand}?',
    ],
    local: ['Winkels in {city} melden een stabiele vraag.'],
    question: 'Heeft iemand problemen met de {brand} {product}?',
  }),
  sv: small({
    title: ['{brand} lanserar ny {product} i {city}', 'Det tycker kunder i {city} om {brand}'],
    body: [
      'Nya {product} från {corp} syns nu överallt i {city}.',
      'Många kunder är nöjda med {brand}.',
      'Analytiker väntar fler nyheter från {brand}.',
    ],
    social: ['Nya {product} från {brand} är grym!', 'Någon mer som har problem med {brand}?'],
    local: ['Butikerna i {city} rapporterar stabil efterfrågan.'],
    question: 'Har någon problem med {brand} {product}?',
  }),
  da: small({
    title: ['{brand} lancerer ny {product} i {city}', 'Det mener kunder i {city} om {brand}'],
    body: [
      'Den nye {product} fra {corp} ses nu overalt i {city}.',
      'Mange kunder er glade for {brand}.',
      'Analytikere venter flere nyheder fra {brand}.',
    ],
    social: ['Den nye {product} fra {brand} er super!', 'Er der andre med problemer med {brand}?'],
    local: ['Butikkerne i {city} melder om stabil efterspørgsel.'],
    question: 'Har nogen problemer med {brand} {product}?',
  }),
  fi: small({
    title: [
      '{brand} julkisti uuden tuotteen {product}',
      'Asiakkaat kertovat mielipiteensä: {brand}',
    ],
    body: [
      'Tuote {product} on nyt myynnissä myös kaupungissa {city}.',
      'Monet asiakkaat ovat tyytyväisiä yritykseen {corp}.',
      'Analyytikot odottavat lisää uutisia yritykseltä {brand}.',
    ],
    social: ['Uusi {product} on tosi hyvä!', 'Onko muilla ongelmia palvelun {brand} kanssa?'],
    local: ['Kauppojen kysyntä on pysynyt vakaana kaupungissa {city}.'],
    question: 'Onko kenelläkään ongelmia tuotteen {product} kanssa?',
  }),
  pl: small({
    title: [
      '{brand} wprowadza nowy produkt {product}',
      'Co klienci z miasta {city} myślą o marce {brand}',
    ],
    body: [
      'Produkt {product} firmy {corp} jest popularny w mieście {city}.',
      'Wielu klientów chwali jakość marki {brand}.',
      'Analitycy czekają na kolejne informacje od {brand}.',
    ],
    social: ['Nowy {product} od {brand} jest świetny!', 'Czy ktoś jeszcze ma problem z {brand}?'],
    local: ['Sklepy w mieście {city} notują stabilny popyt.'],
    question: 'Czy ktoś ma problem z produktem {brand} {product}?',
  }),
  cs: small({
    title: ['{brand} představuje nový produkt {product}', 'Co si zákazníci myslí o značce {brand}'],
    body: [
      'Produkt {product} od společnosti {corp} je populární ve městě {city}.',
      'Mnoho zákazníků chválí kvalitu značky {brand}.',
      'Analytici čekají další zprávy od {brand}.',
    ],
    social: ['Nový {product} od {brand} je skvělý!', 'Má ještě někdo problém s {brand}?'],
    local: ['Obchody ve městě {city} hlásí stabilní poptávku.'],
    question: 'Má někdo problém s {brand} {product}?',
  }),
  el: small({
    title: ['Η {brand} παρουσιάζει το νέο {product}', 'Τι λένε οι πελάτες για την {brand}'],
    body: [
      'Το {product} της {corp} είναι πλέον δημοφιλές στην πόλη {city}.',
      'Πολλοί πελάτες επαινούν την ποιότητα της {brand}.',
      'Οι αναλυτές περιμένουν νέα από την {brand}.',
    ],
    social: [
      'Το νέο {product} της {brand} είναι τέλειο!',
      'Έχει κανείς άλλος πρόβλημα με την {brand};',
    ],
    local: ['Τα καταστήματα στην πόλη {city} αναφέρουν σταθερή ζήτηση.'],
    question: 'Έχει κανείς πρόβλημα με το {brand} {product};',
  }),
  tr: small({
    title: [
      '{brand} yeni {product} ürününü tanıttı',
      '{city} müşterileri {brand} hakkında ne düşünüyor',
    ],
    body: [
      '{corp} tarafından üretilen {product} {city} şehrinde çok popüler.',
      'Birçok müşteri {brand} kalitesinden memnun.',
      'Analistler {brand} şirketinden yeni haberler bekliyor.',
    ],
    social: ['Yeni {brand} {product} harika!', '{brand} ile sorun yaşayan başka biri var mı?'],
    local: ['{city} mağazalarında talep istikrarlı.'],
    question: '{brand} {product} ile sorun yaşayan var mı?',
  }),
  ar: small({
    title: [
      '{brand} تطلق منتج {product} الجديد في {city}',
      'ماذا يقول العملاء في {city} عن {brand}',
    ],
    body: [
      'أصبح منتج {product} من {corp} منتشرا في {city}.',
      'يشيد كثير من العملاء بجودة {brand} .',
      'يتوقع المحللون مزيدا من الأخبار من {brand} .',
    ],
    social: ['منتج {product} الجديد من {brand} رائع!', 'هل يواجه أحد مشكلة مع {brand} ؟'],
    local: ['تسجل المتاجر في {city} طلبا مستقرا.'],
    question: 'هل يواجه أحد مشكلة مع {product} من {brand} ؟',
  }),
  id: small({
    title: [
      '{brand} meluncurkan {product} baru di {city}',
      'Apa kata pelanggan di {city} tentang {brand}',
    ],
    body: [
      '{product} dari {corp} kini populer di {city}.',
      'Banyak pelanggan memuji kualitas {brand}.',
      'Analis menunggu kabar terbaru dari {brand}.',
    ],
    social: ['{product} baru dari {brand} keren banget!', 'Ada yang punya masalah dengan {brand}?'],
    local: ['Toko-toko di {city} mencatat permintaan yang stabil.'],
    question: 'Ada yang punya masalah dengan {brand} {product}?',
  }),
  hi: small({
    title: [
      '{brand} ने {city} में नया {product} लॉन्च किया',
      '{city} के ग्राहक {brand} के बारे में क्या कहते हैं',
    ],
    body: [
      '{corp} का {product} अब {city} में लोकप्रिय है।',
      'कई ग्राहक {brand} की गुणवत्ता की तारीफ करते हैं।',
      'विश्लेषक {brand} से और खबरों की उम्मीद कर रहे हैं।',
    ],
    social: ['{brand} का नया {product} शानदार है!', 'क्या किसी और को {brand} से दिक्कत है?'],
    local: ['{city} की दुकानों में मांग स्थिर है।'],
    question: 'क्या किसी को {brand} {product} से दिक्कत है?',
  }),
  ko: small({
    title: ['{brand}, {city} 에서 새 {product} 출시', '{city} 고객들이 말하는 {brand} 평판'],
    body: [
      '{corp} 의 {product} 제품이 {city} 에서 인기를 끌고 있다.',
      '많은 고객이 {brand} 의 품질을 칭찬한다.',
      '분석가들은 {brand} 의 추가 소식을 기다리고 있다.',
    ],
    social: ['{brand} 새 {product} 정말 좋아요!', '{brand} 때문에 문제 있는 사람 있나요?'],
    local: ['{city} 의 상점들은 수요가 안정적이라고 밝혔다.'],
    question: '{brand} {product} 문제 있는 분 계신가요?',
  }),
  zh: small({
    join: '',
    title: ['{brand} 在 {city} 发布新款 {product}', '{city} 消费者如何评价 {brand}'],
    body: [
      '{corp} 的 {product} 在 {city} 很受欢迎。',
      '许多顾客称赞 {brand} 的品质。',
      '分析师期待 {brand} 的更多消息。',
    ],
    social: ['{brand} 的新 {product} 太棒了！', '还有谁遇到 {brand} 的问题吗？'],
    local: ['{city} 的商店需求稳定。'],
    question: '有人遇到 {brand} {product} 的问题吗？',
  }),
  th: small({
    title: ['{brand} เปิดตัว {product} ใหม่ที่ {city}', 'ลูกค้าใน {city} พูดถึง {brand}'],
    body: [
      '{product} ของ {corp} ได้รับความนิยมใน {city}',
      'ลูกค้าหลายคนชื่นชมคุณภาพของ {brand}',
      'นักวิเคราะห์รอข่าวจาก {brand}',
    ],
    social: ['{product} ใหม่จาก {brand} ดีมาก!', 'มีใครมีปัญหากับ {brand} ไหม?'],
    local: ['ร้านค้าใน {city} มีความต้องการคงที่'],
    question: 'มีใครมีปัญหากับ {brand} {product} ไหม?',
  }),
};
