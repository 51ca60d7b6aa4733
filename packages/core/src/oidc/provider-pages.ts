import type { SignInExperience } from '@gatehouse/schemas';
import { ensureContrast, readableTextColor } from '@gatehouse/schemas/color';
import { pickLanguage, rtlLocales, type SupportedLocale } from '@gatehouse/schemas/locales';
import Negotiator from 'negotiator';

/**
 * The pages oidc-provider itself shows: the sign-out pages (RP-initiated logout: the "Sign out?"
 * confirmation around its CSRF-protected form, and the "Signed out" page) and its error page.
 * Server-rendered in the language the hosted pages would use, with the tenant's brand colour, logo,
 * favicon and dark mode; every value from settings or the request is escaped (only oidc-provider's
 * own form goes in as HTML).
 */

type PagePhrases = {
  confirm_title: string;
  confirm_description: string;
  sign_out: string;
  stay_signed_in: string;
  signing_out: string;
  continue: string;
  signed_out_title: string;
  /** After "Stay signed in" on the sign-out confirmation. */
  still_signed_in_title: string;
  signed_out_description: string;
  error_title: string;
  error_description: string;
  /** The same, for a sign-out request (end session). */
  sign_out_error_description: string;
  contact_support: string;
  error_details: string;
  /** An address of the server that is no page (a browser's 404). */
  not_found_title: string;
  not_found_description: string;
};

export const pagePhrases: Record<SupportedLocale, PagePhrases> = {
  ar: {
    confirm_title: 'تسجيل الخروج؟',
    confirm_description: 'سيتم تسجيل خروجك من خدمة تسجيل الدخول هذه على هذا الجهاز.',
    sign_out: 'تسجيل الخروج',
    stay_signed_in: 'البقاء مسجلاً للدخول',
    signing_out: 'جارٍ تسجيل الخروج…',
    continue: 'متابعة',
    signed_out_title: 'تم تسجيل الخروج',
    still_signed_in_title: 'ما زلت مسجلاً للدخول',
    signed_out_description: 'يمكنك إغلاق هذه النافذة الآن.',
    error_title: 'حدث خطأ',
    error_description: 'تعذر إكمال طلب تسجيل الدخول الذي أرسله التطبيق. ارجع إلى التطبيق وحاول مرة أخرى.',
    sign_out_error_description: 'تعذر إكمال طلب تسجيل الخروج الذي أرسله التطبيق. ارجع إلى التطبيق وحاول مرة أخرى.',
    contact_support: 'تواصل مع الدعم',
    error_details: 'التفاصيل التقنية',
    not_found_title: 'الصفحة غير موجودة',
    not_found_description: 'لا توجد صفحة على هذا العنوان. تحقق من الرابط أو ارجع إلى التطبيق.',
  },
  de: {
    confirm_title: 'Abmelden?',
    confirm_description: 'Sie werden auf diesem Gerät von diesem Anmeldedienst abgemeldet.',
    sign_out: 'Abmelden',
    stay_signed_in: 'Angemeldet bleiben',
    signing_out: 'Abmeldung läuft…',
    continue: 'Weiter',
    signed_out_title: 'Abgemeldet',
    still_signed_in_title: 'Sie sind weiterhin angemeldet',
    signed_out_description: 'Sie können dieses Fenster jetzt schließen.',
    error_title: 'Etwas ist schiefgelaufen',
    error_description: 'Die Anmeldeanfrage der App konnte nicht abgeschlossen werden. Kehren Sie zur App zurück und versuchen Sie es erneut.',
    sign_out_error_description: 'Die Abmeldeanfrage der App konnte nicht abgeschlossen werden. Kehren Sie zur App zurück und versuchen Sie es erneut.',
    contact_support: 'Support kontaktieren',
    error_details: 'Technische Details',
    not_found_title: 'Seite nicht gefunden',
    not_found_description: 'Unter dieser Adresse gibt es keine Seite. Prüfen Sie den Link oder kehren Sie zur App zurück.',
  },
  en: {
    confirm_title: 'Sign out?',
    confirm_description: 'You will be signed out of this sign-in service on this device.',
    sign_out: 'Sign out',
    stay_signed_in: 'Stay signed in',
    signing_out: 'Signing out…',
    continue: 'Continue',
    signed_out_title: 'Signed out',
    still_signed_in_title: 'You\'re still signed in',
    signed_out_description: 'You can close this window.',
    error_title: 'Something went wrong',
    error_description: 'The app\'s sign-in request could not be completed. Go back to the app and try again.',
    sign_out_error_description: 'The app\'s sign-out request could not be completed. Go back to the app and try again.',
    contact_support: 'Contact support',
    error_details: 'Technical details',
    not_found_title: 'Page not found',
    not_found_description: 'There is no page at this address. Check the link, or go back to the app.',
  },
  es: {
    confirm_title: '¿Cerrar sesión?',
    confirm_description: 'Se cerrará su sesión en este servicio de inicio de sesión en este dispositivo.',
    sign_out: 'Cerrar sesión',
    stay_signed_in: 'Mantener la sesión iniciada',
    signing_out: 'Cerrando sesión…',
    continue: 'Continuar',
    signed_out_title: 'Sesión cerrada',
    still_signed_in_title: 'Sigue con la sesión iniciada',
    signed_out_description: 'Ya puede cerrar esta ventana.',
    error_title: 'Algo salió mal',
    error_description: 'No se pudo completar la solicitud de inicio de sesión de la aplicación. Vuelva a la aplicación e inténtelo de nuevo.',
    sign_out_error_description: 'No se pudo completar la solicitud de cierre de sesión de la aplicación. Vuelva a la aplicación e inténtelo de nuevo.',
    contact_support: 'Contactar con soporte',
    error_details: 'Detalles técnicos',
    not_found_title: 'Página no encontrada',
    not_found_description: 'No hay ninguna página en esta dirección. Compruebe el enlace o vuelva a la aplicación.',
  },
  fr: {
    confirm_title: 'Se déconnecter\u00a0?',
    confirm_description: 'Vous serez déconnecté de ce service de connexion sur cet appareil.',
    sign_out: 'Se déconnecter',
    stay_signed_in: 'Rester connecté',
    signing_out: 'Déconnexion en cours…',
    continue: 'Continuer',
    signed_out_title: 'Déconnecté',
    still_signed_in_title: 'Vous êtes toujours connecté',
    signed_out_description: 'Vous pouvez fermer cette fenêtre.',
    error_title: 'Un problème est survenu',
    error_description: 'La demande de connexion de l\'application n\'a pas pu aboutir. Revenez à l\'application et réessayez.',
    sign_out_error_description: 'La demande de déconnexion de l\'application n\'a pas pu aboutir. Revenez à l\'application et réessayez.',
    contact_support: 'Contacter le support',
    error_details: 'Détails techniques',
    not_found_title: 'Page introuvable',
    not_found_description: 'Il n\'y a aucune page à cette adresse. Vérifiez le lien ou revenez à l\'application.',
  },
  it: {
    confirm_title: 'Disconnettersi?',
    confirm_description: 'Verrà disconnesso da questo servizio di accesso su questo dispositivo.',
    sign_out: 'Disconnetti',
    stay_signed_in: 'Rimani connesso',
    signing_out: 'Disconnessione in corso…',
    continue: 'Continua',
    signed_out_title: 'Disconnesso',
    still_signed_in_title: 'Sei ancora connesso',
    signed_out_description: 'Ora può chiudere questa finestra.',
    error_title: 'Si è verificato un problema',
    error_description: 'Non è stato possibile completare la richiesta di accesso dell\'app. Torna all\'app e riprova.',
    sign_out_error_description: 'Non è stato possibile completare la richiesta di disconnessione dell\'app. Torna all\'app e riprova.',
    contact_support: 'Contatta l\'assistenza',
    error_details: 'Dettagli tecnici',
    not_found_title: 'Pagina non trovata',
    not_found_description: 'A questo indirizzo non c\'è nessuna pagina. Controlla il link o torna all\'app.',
  },
  ja: {
    confirm_title: 'サインアウトしますか？',
    confirm_description: 'このデバイスで、このサインイン サービスからサインアウトします。',
    sign_out: 'サインアウト',
    stay_signed_in: 'サインインしたままにする',
    signing_out: 'サインアウトしています…',
    continue: '続行',
    signed_out_title: 'サインアウトしました',
    still_signed_in_title: 'サインインしたままです',
    signed_out_description: 'このウィンドウは閉じてかまいません。',
    error_title: '問題が発生しました',
    error_description: 'アプリからのサインイン要求を完了できませんでした。アプリに戻ってもう一度お試しください。',
    sign_out_error_description: 'アプリからのサインアウト要求を完了できませんでした。アプリに戻ってもう一度お試しください。',
    contact_support: 'サポートに連絡',
    error_details: '技術的な詳細',
    not_found_title: 'ページが見つかりません',
    not_found_description: 'このアドレスにはページがありません。リンクを確認するか、アプリに戻ってください。',
  },
  ko: {
    confirm_title: '로그아웃하시겠습니까?',
    confirm_description: '이 기기에서 이 로그인 서비스에서 로그아웃됩니다.',
    sign_out: '로그아웃',
    stay_signed_in: '로그인 상태 유지',
    signing_out: '로그아웃하는 중…',
    continue: '계속',
    signed_out_title: '로그아웃되었습니다',
    still_signed_in_title: '로그인 상태가 유지됩니다',
    signed_out_description: '이제 이 창을 닫아도 됩니다.',
    error_title: '문제가 발생했습니다',
    error_description: '앱의 로그인 요청을 완료할 수 없습니다. 앱으로 돌아가 다시 시도하세요.',
    sign_out_error_description: '앱의 로그아웃 요청을 완료할 수 없습니다. 앱으로 돌아가 다시 시도하세요.',
    contact_support: '지원팀에 문의',
    error_details: '기술 세부 정보',
    not_found_title: '페이지를 찾을 수 없습니다',
    not_found_description: '이 주소에는 페이지가 없습니다. 링크를 확인하거나 앱으로 돌아가세요.',
  },
  'pl-PL': {
    confirm_title: 'Wylogować się?',
    confirm_description: 'Nastąpi wylogowanie z tej usługi logowania na tym urządzeniu.',
    sign_out: 'Wyloguj się',
    stay_signed_in: 'Nie wylogowuj',
    signing_out: 'Trwa wylogowywanie…',
    continue: 'Dalej',
    signed_out_title: 'Wylogowano',
    still_signed_in_title: 'Nadal jesteś zalogowany',
    signed_out_description: 'Można już zamknąć to okno.',
    error_title: 'Coś poszło nie tak',
    error_description: 'Nie udało się zrealizować żądania logowania aplikacji. Wróć do aplikacji i spróbuj ponownie.',
    sign_out_error_description: 'Nie udało się zrealizować żądania wylogowania aplikacji. Wróć do aplikacji i spróbuj ponownie.',
    contact_support: 'Skontaktuj się z pomocą',
    error_details: 'Szczegóły techniczne',
    not_found_title: 'Nie znaleziono strony',
    not_found_description: 'Pod tym adresem nie ma żadnej strony. Sprawdź link lub wróć do aplikacji.',
  },
  'pt-BR': {
    confirm_title: 'Sair?',
    confirm_description: 'Você será desconectado deste serviço de login neste dispositivo.',
    sign_out: 'Sair',
    stay_signed_in: 'Continuar conectado',
    signing_out: 'Saindo…',
    continue: 'Continuar',
    signed_out_title: 'Você saiu',
    still_signed_in_title: 'Você continua conectado',
    signed_out_description: 'Você já pode fechar esta janela.',
    error_title: 'Algo deu errado',
    error_description: 'Não foi possível concluir a solicitação de login do aplicativo. Volte ao aplicativo e tente novamente.',
    sign_out_error_description: 'Não foi possível concluir a solicitação de saída do aplicativo. Volte ao aplicativo e tente novamente.',
    contact_support: 'Falar com o suporte',
    error_details: 'Detalhes técnicos',
    not_found_title: 'Página não encontrada',
    not_found_description: 'Não há nenhuma página neste endereço. Verifique o link ou volte ao aplicativo.',
  },
  'pt-PT': {
    confirm_title: 'Terminar sessão?',
    confirm_description: 'A sua sessão neste serviço de início de sessão será terminada neste dispositivo.',
    sign_out: 'Terminar sessão',
    stay_signed_in: 'Manter sessão iniciada',
    signing_out: 'A terminar sessão…',
    continue: 'Continuar',
    signed_out_title: 'Sessão terminada',
    still_signed_in_title: 'Continua com sessão iniciada',
    signed_out_description: 'Já pode fechar esta janela.',
    error_title: 'Algo correu mal',
    error_description: 'Não foi possível concluir o pedido de início de sessão da aplicação. Volte à aplicação e tente novamente.',
    sign_out_error_description: 'Não foi possível concluir o pedido de terminar sessão da aplicação. Volte à aplicação e tente novamente.',
    contact_support: 'Contactar o suporte',
    error_details: 'Detalhes técnicos',
    not_found_title: 'Página não encontrada',
    not_found_description: 'Não existe nenhuma página neste endereço. Verifique a ligação ou volte à aplicação.',
  },
  ru: {
    confirm_title: 'Выйти?',
    confirm_description: 'Вы выйдете из этой службы входа на этом устройстве.',
    sign_out: 'Выйти',
    stay_signed_in: 'Остаться в системе',
    signing_out: 'Выполняется выход…',
    continue: 'Продолжить',
    signed_out_title: 'Вы вышли',
    still_signed_in_title: 'Вы по-прежнему в системе',
    signed_out_description: 'Теперь это окно можно закрыть.',
    error_title: 'Что-то пошло не так',
    error_description: 'Не удалось выполнить запрос приложения на вход. Вернитесь в приложение и попробуйте ещё раз.',
    sign_out_error_description: 'Не удалось выполнить запрос приложения на выход. Вернитесь в приложение и попробуйте ещё раз.',
    contact_support: 'Связаться с поддержкой',
    error_details: 'Технические подробности',
    not_found_title: 'Страница не найдена',
    not_found_description: 'По этому адресу нет страницы. Проверьте ссылку или вернитесь в приложение.',
  },
  'tr-TR': {
    confirm_title: 'Oturum kapatılsın mı?',
    confirm_description: 'Bu cihazda bu oturum açma hizmetindeki oturumunuz kapatılacak.',
    sign_out: 'Oturumu kapat',
    stay_signed_in: 'Oturum açık kalsın',
    signing_out: 'Oturum kapatılıyor…',
    continue: 'Devam et',
    signed_out_title: 'Oturum kapatıldı',
    still_signed_in_title: 'Oturumunuz açık kalmaya devam ediyor',
    signed_out_description: 'Bu pencereyi kapatabilirsiniz.',
    error_title: 'Bir şeyler ters gitti',
    error_description: 'Uygulamanın oturum açma isteği tamamlanamadı. Uygulamaya dönüp yeniden deneyin.',
    sign_out_error_description: 'Uygulamanın oturum kapatma isteği tamamlanamadı. Uygulamaya dönüp yeniden deneyin.',
    contact_support: 'Destekle iletişime geç',
    error_details: 'Teknik ayrıntılar',
    not_found_title: 'Sayfa bulunamadı',
    not_found_description: 'Bu adreste bir sayfa yok. Bağlantıyı kontrol edin veya uygulamaya dönün.',
  },
  'uk-UA': {
    confirm_title: 'Вийти?',
    confirm_description: 'Ви вийдете з цієї служби входу на цьому пристрої.',
    sign_out: 'Вийти',
    stay_signed_in: 'Залишитися в системі',
    signing_out: 'Виконується вихід…',
    continue: 'Продовжити',
    signed_out_title: 'Ви вийшли',
    still_signed_in_title: 'Ви все ще в системі',
    signed_out_description: 'Тепер це вікно можна закрити.',
    error_title: 'Щось пішло не так',
    error_description: 'Не вдалося виконати запит застосунку на вхід. Поверніться до застосунку й спробуйте ще раз.',
    sign_out_error_description: 'Не вдалося виконати запит застосунку на вихід. Поверніться до застосунку й спробуйте ще раз.',
    contact_support: 'Зв’язатися з підтримкою',
    error_details: 'Технічні подробиці',
    not_found_title: 'Сторінку не знайдено',
    not_found_description: 'За цією адресою немає сторінки. Перевірте посилання або поверніться до застосунку.',
  },
  'zh-CN': {
    confirm_title: '退出登录？',
    confirm_description: '你将在此设备上退出此登录服务。',
    sign_out: '退出登录',
    stay_signed_in: '保持登录',
    signing_out: '正在退出登录…',
    continue: '继续',
    signed_out_title: '已退出登录',
    still_signed_in_title: '你仍处于登录状态',
    signed_out_description: '你现在可以关闭此窗口。',
    error_title: '出错了',
    error_description: '无法完成应用的登录请求。请返回应用后重试。',
    sign_out_error_description: '无法完成应用的退出登录请求。请返回应用后重试。',
    contact_support: '联系支持',
    error_details: '技术详情',
    not_found_title: '找不到页面',
    not_found_description: '此地址没有页面。请检查链接，或返回应用。',
  },
  'zh-HK': {
    confirm_title: '登出？',
    confirm_description: '你將會在此裝置上登出此登入服務。',
    sign_out: '登出',
    stay_signed_in: '保持登入',
    signing_out: '正在登出…',
    continue: '繼續',
    signed_out_title: '已登出',
    still_signed_in_title: '你仍然保持登入',
    signed_out_description: '你現在可以關閉此視窗。',
    error_title: '發生錯誤',
    error_description: '無法完成應用程式的登入要求。請返回應用程式後重試。',
    sign_out_error_description: '無法完成應用程式的登出要求。請返回應用程式後重試。',
    contact_support: '聯絡支援',
    error_details: '技術詳情',
    not_found_title: '找不到頁面',
    not_found_description: '此地址沒有頁面。請檢查連結，或返回應用程式。',
  },
  'zh-TW': {
    confirm_title: '要登出嗎？',
    confirm_description: '您將在此裝置上登出此登入服務。',
    sign_out: '登出',
    stay_signed_in: '保持登入',
    signing_out: '正在登出…',
    continue: '繼續',
    signed_out_title: '已登出',
    still_signed_in_title: '你仍保持登入狀態',
    signed_out_description: '您現在可以關閉此視窗。',
    error_title: '發生錯誤',
    error_description: '無法完成應用程式的登入要求。請返回應用程式後重試。',
    sign_out_error_description: '無法完成應用程式的登出要求。請返回應用程式後重試。',
    contact_support: '聯絡支援',
    error_details: '技術詳細資料',
    not_found_title: '找不到頁面',
    not_found_description: '此網址沒有頁面。請檢查連結，或返回應用程式。',
  },
};

/** The cookie the hosted pages set when the user picks a language in their switcher. */
export const languageCookie = 'gatehouse_language';

/** The language picked in the hosted pages' switcher, from a request's Cookie header. */
export const chosenLanguageOf = (cookieHeader: string | undefined) =>
  new RegExp(`(?:^|;\\s*)${languageCookie}=([\\w-]+)`).exec(cookieHeader ?? '')?.[1];

/**
 * The language of a sign-out page, as the hosted pages choose theirs (see `pickLanguage`): the
 * user's choice in their switcher (cookie), the app's `ui_locales`, the browser's languages (when
 * the tenant auto-detects), then the tenant's fallback language.
 */
export const pickPageLanguage = (options: {
  chosen?: string | undefined;
  uiLocales?: string | undefined;
  acceptLanguage?: string | undefined;
  autoDetect: boolean;
  fallback: string;
}): SupportedLocale =>
  pickLanguage({
    stored: options.chosen,
    requested: (options.uiLocales ?? '').split(/\s+/).filter(Boolean),
    autoDetect: options.autoDetect,
    // Every tag the browser accepts, most preferred first.
    preferred: new Negotiator({ headers: { 'accept-language': options.acceptLanguage ?? '' } }).languages(),
    fallback: options.fallback,
  });

/** The language and branding of a server-rendered page of the tenant. */
export const pageContextFor = async (
  runtime: { signInExperience: () => Promise<SignInExperience> },
  request: { chosen?: string | undefined; uiLocales?: string | undefined; acceptLanguage?: string | undefined },
) => {
  const settings = await runtime.signInExperience();
  const locale = pickPageLanguage({ ...request, autoDetect: settings.languageInfo.autoDetect, fallback: settings.languageInfo.fallbackLanguage });
  return {
    locale,
    settings: { color: settings.color, branding: settings.branding, supportEmail: settings.supportEmail, supportWebsiteUrl: settings.supportWebsiteUrl },
  };
};

export type PageBranding = {
  color: { primaryColor: string; isDarkModeEnabled: boolean; darkPrimaryColor: string };
  branding: { logoUrl?: string | undefined; darkLogoUrl?: string | undefined; favicon?: string | undefined; darkFavicon?: string | undefined };
  /** Where the error page sends people who need help (the sign-in experience's support contacts). */
  supportEmail?: string | null;
  supportWebsiteUrl?: string | null;
};

/** The built-in icon of the hosted pages (packages/experience/index.html). */
const defaultFavicon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%236139f6'/%3E%3Cpath d='M10 25V14a6 6 0 0 1 12 0v11' fill='none' stroke='%23fff' stroke-width='3'/%3E%3C/svg%3E";

export const escapeHtml = (text: unknown) => String(text).replaceAll(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const hexColor = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

const pageStyle = (color: PageBranding['color']) => {
  const brand = hexColor(color.primaryColor, '#6139f6');
  const darkBrand = hexColor(color.darkPrimaryColor, brand);
  // --brand-text: the brand colour as links and focus rings may use it, shaded until it reads on the surface.
  const light = `--brand:${brand};--on-brand:${readableTextColor(brand)};--brand-text:${ensureContrast(brand, '#ffffff')};--bg:#f5f6f8;--surface:#fff;--text:#1b1c1f;--muted:#5a5e66;color-scheme:light`;
  const dark = `--brand:${darkBrand};--on-brand:${readableTextColor(darkBrand)};--brand-text:${ensureContrast(darkBrand, '#1c1d21')};--bg:#111214;--surface:#1c1d21;--text:#eceef2;--muted:#a9adb6;color-scheme:dark`;
  return [
    `:root{${light}}`,
    color.isDarkModeEnabled ? `@media (prefers-color-scheme:dark){:root{${dark}}}` : '',
    '*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px;background:var(--bg);color:var(--text);overflow-wrap:anywhere}',
    'main{width:100%;max-width:440px;background:var(--surface);border-radius:16px;padding:32px 24px;text-align:center;box-shadow:0 1px 3px rgb(0 0 0/8%),0 8px 24px rgb(0 0 0/6%)}',
    'a{color:var(--brand-text)}details{text-align:start;font-size:.875rem}summary{cursor:pointer;color:var(--muted)}code{overflow-wrap:anywhere}.brand{margin-bottom:16px}.brand img{max-width:180px;max-height:48px;object-fit:contain}h1{margin:0 0 8px;font-size:1.5rem;line-height:1.3}p{margin:0 0 24px;color:var(--muted)}',
    'button{font:inherit;font-weight:600;width:100%;padding:10px 16px;margin:4px 0;border-radius:10px;border:1px solid var(--brand);background:var(--brand);color:var(--on-brand);cursor:pointer}',
    'button.secondary{background:transparent;color:var(--text)}button:focus-visible,a:focus-visible,summary:focus-visible{outline:2px solid var(--brand-text);outline-offset:2px}',
  ].join('');
};

const head = (title: string, settings: PageBranding) => {
  const { favicon, darkFavicon } = settings.branding;
  const icons = [`<link rel="icon" href="${escapeHtml(favicon ?? defaultFavicon)}">`];
  if (darkFavicon && settings.color.isDarkModeEnabled) {
    icons.push(`<link rel="icon" media="(prefers-color-scheme: dark)" href="${escapeHtml(darkFavicon)}">`);
  }
  return `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${icons.join('')}<style>${pageStyle(settings.color)}</style></head>`;
};

const brand = (settings: PageBranding) => {
  const { logoUrl, darkLogoUrl } = settings.branding;
  if (!logoUrl) {
    return '';
  }
  const dark =
    darkLogoUrl && settings.color.isDarkModeEnabled ? `<source media="(prefers-color-scheme: dark)" srcset="${escapeHtml(darkLogoUrl)}">` : '';
  return `<div class="brand"><picture>${dark}<img src="${escapeHtml(logoUrl)}" alt=""></picture></div>`;
};

const page = (locale: SupportedLocale, title: string, settings: PageBranding, body: string) =>
  `<!doctype html><html lang="${locale}" dir="${rtlLocales.has(locale) ? 'rtl' : 'ltr'}">${head(title, settings)}<body><main>${brand(settings)}${body}</main></body></html>`;

/**
 * The end-session page: oidc-provider's form (`form`, trusted HTML with its CSRF token), submitted
 * at once when `auto`, else a confirmation with "Sign out" and "Stay signed in".
 */
export const renderLogoutPage = (options: { form: string; auto: boolean; locale: SupportedLocale; settings: PageBranding }) => {
  const text = pagePhrases[options.locale];
  const body = options.auto
    ? `<input type="hidden" name="logout" value="yes" form="op.logoutForm"><h1>${escapeHtml(text.signing_out)}</h1><noscript><button type="submit" form="op.logoutForm">${escapeHtml(text.continue)}</button></noscript><script>document.getElementById("op.logoutForm").submit()</script>`
    : `<h1>${escapeHtml(text.confirm_title)}</h1><p>${escapeHtml(text.confirm_description)}</p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(text.sign_out)}</button><button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(text.stay_signed_in)}</button>`;
  return page(options.locale, options.auto ? text.signing_out : text.confirm_title, options.settings, `${options.form}${body}`);
};

/** The page after a sign-out without a redirect back to the app (or after "Stay signed in"). */
export const renderSignedOutPage = (options: { locale: SupportedLocale; settings: PageBranding; stillSignedIn?: boolean }) => {
  const text = pagePhrases[options.locale];
  const title = options.stillSignedIn ? text.still_signed_in_title : text.signed_out_title;
  return page(options.locale, title, options.settings, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text.signed_out_description)}</p>`);
};

/**
 * oidc-provider's error page (a request it refuses before any app can be told, such as an
 * unregistered redirect URI): what happened in the user's words, the support contact when the tenant
 * has one, and the protocol error for whoever debugs the app.
 */
export const renderErrorPage = (options: {
  error: string;
  description?: string | undefined;
  locale: SupportedLocale;
  settings: PageBranding;
  /** A sign-out request (end session) failed, not a sign-in. */
  signingOut?: boolean;
}) => {
  const text = pagePhrases[options.locale];
  const { supportEmail, supportWebsiteUrl } = options.settings;
  const support = supportWebsiteUrl ?? (supportEmail ? `mailto:${supportEmail}` : undefined);
  const technical = [options.error, options.description].filter(Boolean).join(': ');
  return page(
    options.locale,
    text.error_title,
    options.settings,
    `<h1>${escapeHtml(text.error_title)}</h1><p>${escapeHtml(options.signingOut ? text.sign_out_error_description : text.error_description)}</p>` +
      (support ? `<p><a href="${escapeHtml(support)}">${escapeHtml(text.contact_support)}</a></p>` : '') +
      `<details><summary>${escapeHtml(text.error_details)}</summary><p dir="ltr"><code>${escapeHtml(technical)}</code></p></details>`,
  );
};

/** A browser's page for an address of the server that is no page (the API still answers JSON). */
export const renderNotFoundPage = (options: { locale: SupportedLocale; settings: PageBranding }) => {
  const text = pagePhrases[options.locale];
  return page(options.locale, text.not_found_title, options.settings, `<h1>${escapeHtml(text.not_found_title)}</h1><p>${escapeHtml(text.not_found_description)}</p>`);
};
