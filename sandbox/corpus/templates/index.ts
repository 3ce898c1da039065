// Every language's templates, compiled once at load.
import type { EventId } from '../events';
import { compile, type Template } from '../phrases';
import type { NoiseCategory } from '../vocabulary';
import { DE } from './de';
import { EN } from './en';
import { ES } from './es';
import { FR } from './fr';
import { JA } from './ja';
import { NOISE } from './noise';
import { OTHER_LANGUAGES } from './other';
import type { EventTemplates, LanguageTemplates } from './types';

export interface CompiledEvent {
  readonly title: readonly Template[];
  readonly body: readonly Template[];
  readonly social: readonly Template[];
}

export interface CompiledLanguage {
  readonly events: Partial<Record<EventId, CompiledEvent>> & { readonly chatter: CompiledEvent };
  readonly general: readonly Template[];
  readonly industry: CompiledEvent;
  readonly forum: { readonly title: readonly Template[]; readonly body: readonly Template[] };
  readonly join: string;
}

const all = (sources: readonly string[]): Template[] => sources.map(compile);

function compileEvent(templates: EventTemplates): CompiledEvent {
  return {
    title: all(templates.title),
    body: all(templates.body),
    social: all(templates.social),
  };
}

function compileLanguage(templates: LanguageTemplates): CompiledLanguage {
  const events: Partial<Record<EventId, CompiledEvent>> = {};
  for (const [id, event] of Object.entries(templates.events) as [EventId, EventTemplates][])
    events[id] = compileEvent(event);
  return {
    events: { ...events, chatter: compileEvent(templates.events.chatter) },
    general: all(templates.general),
    industry: compileEvent(templates.industry),
    forum: { title: all(templates.forum.title), body: all(templates.forum.body) },
    join: templates.join,
  };
}

const LANGUAGES: ReadonlyMap<string, CompiledLanguage> = new Map(
  Object.entries({ en: EN, de: DE, fr: FR, es: ES, ja: JA, ...OTHER_LANGUAGES }).map(
    ([language, templates]) => [language, compileLanguage(templates)],
  ),
);

/** The languages the corpus writes in. */
export const TEMPLATE_LANGUAGES: readonly string[] = [...LANGUAGES.keys()];

export function templatesFor(language: string): CompiledLanguage {
  return LANGUAGES.get(language) ?? (LANGUAGES.get('en') as CompiledLanguage);
}

export const NOISE_TEMPLATES: Readonly<
  Record<NoiseCategory, { readonly title: readonly Template[]; readonly body: readonly Template[] }>
> = Object.fromEntries(
  Object.entries(NOISE).map(([category, templates]) => [
    category,
    { title: all(templates.title), body: all(templates.body) },
  ]),
) as Record<NoiseCategory, { title: Template[]; body: Template[] }>;
