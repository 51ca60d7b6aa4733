import type { SupportedLocale } from '../constants/locales.js';
import ar from './ar.js';
import de from './de.js';
import en, { type ValidationPhrases } from './en.js';
import es from './es.js';
import fr from './fr.js';
import it from './it.js';
import ja from './ja.js';
import ko from './ko.js';
import plPL from './pl-PL.js';
import ptBR from './pt-BR.js';
import ptPT from './pt-PT.js';
import ru from './ru.js';
import trTR from './tr-TR.js';
import ukUA from './uk-UA.js';
import zhCN from './zh-CN.js';
import zhHK from './zh-HK.js';
import zhTW from './zh-TW.js';

/** Every locale's validation phrases, for the server (the console loads one locale at a time). */
export const validationPhrasesByLocale: Record<SupportedLocale, ValidationPhrases> = {
  ar,
  de,
  en,
  es,
  fr,
  it,
  ja,
  ko,
  'pl-PL': plPL,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
  ru,
  'tr-TR': trTR,
  'uk-UA': ukUA,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
  'zh-TW': zhTW,
};
