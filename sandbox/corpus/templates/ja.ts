// Japanese. Latin slots are set off by spaces (otherwise a brand and the kana after it would be
// one word), and katakana words with `ー` are followed by a space or punctuation.
import type { LanguageTemplates } from './types';

export const JA: LanguageTemplates = {
  join: '',
  events: {
    chatter: {
      title: ['{city} の顧客が語る {brand} {product} の評判', '{brand} {product} を使ってみた'],
      body: [
        '{brand} の {product} は {city} でも人気です。',
        '多くの利用者が品質を評価しています。',
        '{rival} と比べる声もあります。',
      ],
      social: ['{brand} の {product} 最高！', '{city} で {brand} の広告をよく見る。'],
    },
    launch: {
      title: ['{brand}、新しい {product} を {city} で発表'],
      body: [
        '{corp} は火曜日に {city} で新型 {product} を発表した。',
        '発売は前モデルから {n} か月後となる。',
      ],
      social: ['{brand} の新しい {product} 予約した！'],
    },
    review: {
      title: ['{brand} {product} を {n} 週間使った評価'],
      body: ['{product} のデザインは高く評価されている。', '顧客の平均評価は星四つだ。'],
      social: ['{brand} {product} の評価、かなり良い。'],
    },
    price: {
      title: ['{brand}、{product} を {pct} ％値下げ'],
      body: ['値下げは月曜日から {city} の店舗で適用される。'],
      social: ['{brand} がついに値下げ！'],
    },
    earnings: {
      title: ['{corp}、四半期決算が予想を上回る'],
      body: [
        '{corp} の四半期決算はアナリスト 予想を上回った。',
        '{product} の売上は {pct} ％増えた。',
      ],
      social: ['{brand} の決算発表きた。'],
    },
    partnership: {
      title: ['{brand} と {rival} が提携を発表'],
      body: ['{rival} との提携は来月 {city} で始まる。'],
      social: ['{brand} と {rival} が提携？驚き。'],
    },
    recall: {
      title: ['{brand}、{product} のリコール 発表', '{corp} が {product} を自主回収'],
      body: [
        '{corp} は不具合の報告を受けて {product} のリコール を発表した。',
        '{city} の顧客は店舗で返品できる。',
      ],
      social: ['{brand} の {product} がリコール 対象に。'],
    },
    lawsuit: {
      title: ['{corp} に対し {product} をめぐる訴訟'],
      body: ['{city} の裁判所で {corp} に対する訴訟が起こされた。'],
      social: ['{brand} の訴訟、どうなるんだろう。'],
    },
    outage: {
      title: ['{brand} で大規模な障害、{city} で {product} が利用不可'],
      body: ['障害は {n} 時間続いた。', '{corp} は更新の不具合が障害の原因だと説明した。'],
      social: ['{brand} 落ちてる？{city} で障害発生中。'],
    },
    award: {
      title: ['{brand} の {product}、デザイン 賞を受賞'],
      body: ['{product} は {city} で開かれた式典で受賞した。'],
      social: ['{handle} 受賞おめでとう！'],
    },
    layoffs: {
      title: ['{corp}、{city} で人員削減を発表'],
      body: ['人員削減は従業員の約 {pct} ％に及ぶ。'],
      social: ['{brand} の人員削減、悲しいニュース。'],
    },
    breach: {
      title: ['{brand}、情報漏えいを認める'],
      body: [
        '{corp} は顧客情報の漏えいを認めた。',
        '{city} の専門家はパスワード の変更を呼びかけている。',
      ],
      social: ['{brand} また情報漏えい？'],
    },
  },
  general: [
    'アナリスト は {brand} からの続報を期待している。',
    '{person} 氏は近く詳細を発表すると述べた。',
    '競合の {rival} はコメント していない。',
  ],
  industry: {
    title: ['{city} の小売店、好調な四半期を予想'],
    body: ['{city} の店舗では需要が安定している。', '月曜日の朝は通勤に遅れが出た。'],
    social: ['{city} は今日もいい天気。', 'まずはコーヒー、メール はその後。'],
  },
  forum: {
    title: ['{brand} の {product} で不具合が出ている人いますか？'],
    body: [
      '{n} 週間前に {product} を買いましたが、変な音がします。',
      'サポート に聞いたら更新を待てと言われました。',
      '何か助言はありますか？',
    ],
  },
};
