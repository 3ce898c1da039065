// People's names by language, for authors and for the people quoted in stories. Names of
// scripts other than Latin come with a romanisation, from which handles are made.

/** A name as written, and as a handle may spell it. */
export type Name = readonly [written: string, roman: string];

export interface NameSet {
  readonly female: readonly Name[];
  readonly male: readonly Name[];
  readonly last: readonly Name[];
  /** Family name first, without a space (Japanese, Korean, Chinese). */
  readonly eastern?: boolean;
}

const latin = (names: string): Name[] =>
  names.split(',').map((name) => [name.trim(), name.trim()] as const);
const paired = (pairs: string): Name[] =>
  pairs.split(',').map((pair) => {
    const [written = '', roman = ''] = pair.trim().split(':');
    return [written, roman] as const;
  });

const SETS: Readonly<Record<string, NameSet>> = {
  en: {
    female: latin('Emma, Olivia, Ava, Sophia, Grace, Chloe, Emily, Hannah, Sarah, Jessica, Megan'),
    male: latin('James, Oliver, Liam, Noah, Jack, Thomas, Daniel, Michael, Ryan, David, Ethan'),
    last: latin(
      'Smith, Johnson, Brown, Taylor, Wilson, Davies, Evans, Walker, Miller, Clarke, Wright, Hughes, Patel, Nguyen, Garcia, Kim',
    ),
  },
  de: {
    female: latin('Anna, Lena, Laura, Julia, Sophie, Marie, Katrin, Sabine'),
    male: latin('Lukas, Jonas, Felix, Max, Paul, Stefan, Thomas, Michael'),
    last: latin(
      'Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Hoffmann, Koch',
    ),
  },
  fr: {
    female: latin('Camille, Léa, Manon, Chloé, Inès, Julie, Claire, Sophie'),
    male: latin('Lucas, Hugo, Louis, Gabriel, Thomas, Nicolas, Antoine, Julien'),
    last: latin('Martin, Bernard, Dubois, Robert, Richard, Petit, Durand, Leroy, Moreau, Lefèvre'),
  },
  es: {
    female: latin('María, Lucía, Sofía, Carmen, Laura, Paula, Elena, Ana'),
    male: latin('Hugo, Pablo, Alejandro, Daniel, Javier, Carlos, Diego, Mateo'),
    last: latin('García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Díaz'),
  },
  pt: {
    female: latin('Ana, Beatriz, Mariana, Juliana, Camila'),
    male: latin('João, Pedro, Lucas, Gabriel, Rafael'),
    last: latin('Silva, Santos, Oliveira, Souza, Costa, Pereira, Almeida'),
  },
  it: {
    female: latin('Giulia, Chiara, Francesca, Sara, Martina'),
    male: latin('Luca, Marco, Matteo, Alessandro, Giuseppe'),
    last: latin('Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo'),
  },
  nl: {
    female: latin('Emma, Sanne, Lotte, Fleur, Anouk'),
    male: latin('Daan, Sem, Bram, Lars, Thijs'),
    last: latin('de Jong, Jansen, de Vries, van Dijk, Bakker, Visser, Smit'),
  },
  nordic: {
    female: latin('Emma, Maja, Ingrid, Sofia, Freja, Aino'),
    male: latin('Erik, Lars, Oskar, Anders, Mikael, Mikko'),
    last: latin('Andersson, Johansson, Nielsen, Hansen, Larsen, Virtanen, Korhonen, Lindqvist'),
  },
  central: {
    female: latin('Anna, Zofia, Katarzyna, Eva, Tereza'),
    male: latin('Jan, Piotr, Tomasz, Jakub, Petr'),
    last: latin('Nowak, Kowalski, Wiśniewski, Novák, Svoboda, Dvořák, Kowalczyk'),
  },
  el: {
    female: latin('Maria, Eleni, Katerina, Sofia'),
    male: latin('Giorgos, Nikos, Kostas, Dimitris'),
    last: latin('Papadopoulos, Georgiou, Nikolaou, Pappas'),
  },
  tr: {
    female: latin('Zeynep, Elif, Ayşe, Defne'),
    male: latin('Mehmet, Mustafa, Emre, Can'),
    last: latin('Yılmaz, Kaya, Demir, Şahin, Çelik'),
  },
  ar: {
    female: latin('Fatima, Layla, Noor, Mariam, Aisha'),
    male: latin('Omar, Ahmed, Youssef, Khaled, Ali'),
    last: latin('Hassan, Haddad, Khalil, Mansour, Nasser, Saleh'),
  },
  id: {
    female: latin('Putri, Siti, Dewi, Ayu'),
    male: latin('Budi, Agus, Rizky, Andi'),
    last: latin('Santoso, Wijaya, Pratama, Saputra, Hidayat'),
  },
  hi: {
    female: latin('Priya, Ananya, Neha, Pooja, Kavya'),
    male: latin('Arjun, Rahul, Rohan, Vikram, Amit'),
    last: latin('Sharma, Patel, Singh, Kumar, Gupta, Iyer, Reddy'),
  },
  th: {
    female: latin('Siriporn, Nattaya, Kanya'),
    male: latin('Somchai, Anan, Krit'),
    last: latin('Srisuk, Chaiyaporn, Wongsa, Suksawat'),
  },
  ja: {
    female: paired('花子:Hanako, 陽菜:Hina, 美咲:Misaki, 結衣:Yui, さくら:Sakura'),
    male: paired('太郎:Taro, 翔太:Shota, 健:Ken, 大輝:Daiki, 蓮:Ren'),
    last: paired('佐藤:Sato, 鈴木:Suzuki, 高橋:Takahashi, 田中:Tanaka, 伊藤:Ito, 渡辺:Watanabe'),
    eastern: true,
  },
  ko: {
    female: paired('지은:Jieun, 서연:Seoyeon, 민지:Minji'),
    male: paired('민준:Minjun, 지훈:Jihoon, 현우:Hyunwoo'),
    last: paired('김:Kim, 이:Lee, 박:Park, 최:Choi'),
    eastern: true,
  },
  zh: {
    female: paired('静:Jing, 丽:Li, 芳:Fang, 娜:Na'),
    male: paired('伟:Wei, 强:Qiang, 磊:Lei, 军:Jun'),
    last: paired('王:Wang, 李:Li, 张:Zhang, 刘:Liu, 陈:Chen'),
    eastern: true,
  },
};

/** Languages sharing a name set, and countries whose English speakers have their own names. */
const BY_LANGUAGE: Readonly<Record<string, string>> = {
  sv: 'nordic',
  da: 'nordic',
  fi: 'nordic',
  pl: 'central',
  cs: 'central',
};
const BY_COUNTRY: Readonly<Record<string, string>> = { in: 'hi', ae: 'ar' };

export function nameSet(language: string, country: string): NameSet {
  const key = BY_COUNTRY[country] ?? BY_LANGUAGE[language] ?? language;
  return SETS[key] ?? (SETS.en as NameSet);
}

const handleParts = new Map<string, string>();

/** The ASCII letters and digits of a romanised name, lower case: the stuff of handles. */
export function handlePart(roman: string): string {
  let part = handleParts.get(roman);
  if (part === undefined) {
    part = roman
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/ı/g, 'i')
      .replace(/[^a-z0-9]/g, '');
    handleParts.set(roman, part);
  }
  return part;
}
