import type { SupportedLocale } from '@gatehouse/schemas';

/**
 * The names of the things `entity.not_found` can be about, in every locale. Each is written for
 * that phrase (`The {{entity}} "{{id}}" does not exist.`): where a language's phrase starts with
 * the name, it carries its article and capital (`Die Anwendung "x" existiert nicht.`). English
 * uses the name as `notFound` was given it.
 */
const names = {
  'API resource': {
    ar: 'مورد API', de: 'Die API-Ressource', es: 'El recurso de API', fr: 'La ressource d\'API', it: 'La risorsa API', ja: 'API リソース', ko: 'API 리소스',
    'pl-PL': 'Zasób API', 'pt-BR': 'O recurso de API', 'pt-PT': 'O recurso de API', ru: 'Ресурс API', 'tr-TR': 'API kaynağı', 'uk-UA': 'Ресурс API',
    'zh-CN': 'API 资源', 'zh-HK': 'API 資源', 'zh-TW': 'API 資源',
  },
  'MFA verification': {
    ar: 'تحقق MFA', de: 'Die MFA-Verifizierung', es: 'La verificación MFA', fr: 'La vérification MFA', it: 'La verifica MFA', ja: 'MFA 検証', ko: 'MFA 인증',
    'pl-PL': 'Weryfikacja MFA', 'pt-BR': 'A verificação MFA', 'pt-PT': 'A verificação MFA', ru: 'MFA-проверка', 'tr-TR': 'MFA doğrulaması', 'uk-UA': 'MFA-перевірка',
    'zh-CN': 'MFA 验证', 'zh-HK': 'MFA 驗證', 'zh-TW': 'MFA 驗證',
  },
  application: {
    ar: 'تطبيق', de: 'Die Anwendung', es: 'La aplicación', fr: 'L\'application', it: 'L\'applicazione', ja: 'アプリケーション', ko: '애플리케이션',
    'pl-PL': 'Aplikacja', 'pt-BR': 'O aplicativo', 'pt-PT': 'A aplicação', ru: 'Приложение', 'tr-TR': 'Uygulama', 'uk-UA': 'Застосунок',
    'zh-CN': '应用', 'zh-HK': '應用程式', 'zh-TW': '應用程式',
  },
  'application secret': {
    ar: 'سر تطبيق', de: 'Das Anwendungsgeheimnis', es: 'El secreto de aplicación', fr: 'Le secret d\'application', it: 'Il segreto dell\'applicazione', ja: 'アプリケーションシークレット', ko: '애플리케이션 시크릿',
    'pl-PL': 'Sekret aplikacji', 'pt-BR': 'O segredo do aplicativo', 'pt-PT': 'O segredo da aplicação', ru: 'Секрет приложения', 'tr-TR': 'Uygulama gizli anahtarı', 'uk-UA': 'Секрет застосунку',
    'zh-CN': '应用密钥', 'zh-HK': '應用程式密鑰', 'zh-TW': '應用程式密鑰',
  },
  'application sign-in experience': {
    ar: 'تجربة تسجيل دخول لتطبيق', de: 'Das Anmeldeerlebnis der Anwendung', es: 'La experiencia de inicio de sesión de la aplicación', fr: 'L\'expérience de connexion de l\'application', it: 'L\'esperienza di accesso dell\'applicazione', ja: 'アプリケーションのサインイン体験', ko: '애플리케이션 로그인 경험',
    'pl-PL': 'Środowisko logowania aplikacji', 'pt-BR': 'A experiência de login do aplicativo', 'pt-PT': 'A experiência de início de sessão da aplicação', ru: 'Интерфейс входа приложения', 'tr-TR': 'Uygulamanın oturum açma deneyimi', 'uk-UA': 'Інтерфейс входу застосунку',
    'zh-CN': '应用登录体验', 'zh-HK': '應用程式登入體驗', 'zh-TW': '應用程式登入體驗',
  },
  'captcha provider': {
    ar: 'مزوّد CAPTCHA', de: 'Der CAPTCHA-Anbieter', es: 'El proveedor de CAPTCHA', fr: 'Le fournisseur de CAPTCHA', it: 'Il provider CAPTCHA', ja: 'CAPTCHA プロバイダー', ko: 'CAPTCHA 공급자',
    'pl-PL': 'Dostawca CAPTCHA', 'pt-BR': 'O provedor de CAPTCHA', 'pt-PT': 'O fornecedor de CAPTCHA', ru: 'Поставщик CAPTCHA', 'tr-TR': 'CAPTCHA sağlayıcısı', 'uk-UA': 'Постачальник CAPTCHA',
    'zh-CN': '验证码服务提供方', 'zh-HK': '驗證碼服務供應商', 'zh-TW': '驗證碼服務供應商',
  },
  connector: {
    ar: 'موصّل', de: 'Der Konnektor', es: 'El conector', fr: 'Le connecteur', it: 'Il connettore', ja: 'コネクター', ko: '커넥터',
    'pl-PL': 'Konektor', 'pt-BR': 'O conector', 'pt-PT': 'O conector', ru: 'Коннектор', 'tr-TR': 'Bağlayıcı', 'uk-UA': 'Конектор',
    'zh-CN': '连接器', 'zh-HK': '連接器', 'zh-TW': '連接器',
  },
  'connector factory': {
    ar: 'نوع موصّل', de: 'Der Konnektor-Typ', es: 'El tipo de conector', fr: 'Le type de connecteur', it: 'Il tipo di connettore', ja: 'コネクターの種類', ko: '커넥터 유형',
    'pl-PL': 'Typ konektora', 'pt-BR': 'O tipo de conector', 'pt-PT': 'O tipo de conector', ru: 'Тип коннектора', 'tr-TR': 'Bağlayıcı türü', 'uk-UA': 'Тип конектора',
    'zh-CN': '连接器类型', 'zh-HK': '連接器類型', 'zh-TW': '連接器類型',
  },
  'custom phrase': {
    ar: 'نص مخصص', de: 'Der benutzerdefinierte Text', es: 'El texto personalizado', fr: 'Le texte personnalisé', it: 'Il testo personalizzato', ja: 'カスタム文言', ko: '사용자 지정 문구',
    'pl-PL': 'Tekst niestandardowy', 'pt-BR': 'O texto personalizado', 'pt-PT': 'O texto personalizado', ru: 'Пользовательский текст', 'tr-TR': 'Özel metin', 'uk-UA': 'Власний текст',
    'zh-CN': '自定义文案', 'zh-HK': '自訂文案', 'zh-TW': '自訂文案',
  },
  'custom profile field': {
    ar: 'حقل ملف شخصي مخصص', de: 'Das benutzerdefinierte Profilfeld', es: 'El campo de perfil personalizado', fr: 'Le champ de profil personnalisé', it: 'Il campo del profilo personalizzato', ja: 'カスタムプロフィール項目', ko: '사용자 지정 프로필 필드',
    'pl-PL': 'Niestandardowe pole profilu', 'pt-BR': 'O campo de perfil personalizado', 'pt-PT': 'O campo de perfil personalizado', ru: 'Пользовательское поле профиля', 'tr-TR': 'Özel profil alanı', 'uk-UA': 'Власне поле профілю',
    'zh-CN': '自定义资料字段', 'zh-HK': '自訂個人資料欄位', 'zh-TW': '自訂個人資料欄位',
  },
  'email template': {
    ar: 'قالب بريد إلكتروني', de: 'Die E-Mail-Vorlage', es: 'La plantilla de correo electrónico', fr: 'Le modèle d\'e-mail', it: 'Il modello email', ja: 'メールテンプレート', ko: '이메일 템플릿',
    'pl-PL': 'Szablon e-mail', 'pt-BR': 'O modelo de e-mail', 'pt-PT': 'O modelo de e-mail', ru: 'Шаблон письма', 'tr-TR': 'E-posta şablonu', 'uk-UA': 'Шаблон листа',
    'zh-CN': '邮件模板', 'zh-HK': '電郵範本', 'zh-TW': '電子郵件範本',
  },
  identity: {
    ar: 'هوية', de: 'Die Identität', es: 'La identidad', fr: 'L\'identité', it: 'L\'identità', ja: 'ID 連携', ko: '아이덴티티',
    'pl-PL': 'Tożsamość', 'pt-BR': 'A identidade', 'pt-PT': 'A identidade', ru: 'Идентификация', 'tr-TR': 'Kimlik', 'uk-UA': 'Ідентичність',
    'zh-CN': '身份', 'zh-HK': '身份', 'zh-TW': '身分',
  },
  key: {
    ar: 'مفتاح توقيع', de: 'Der Signaturschlüssel', es: 'La clave de firma', fr: 'La clé de signature', it: 'La chiave di firma', ja: '署名鍵', ko: '서명 키',
    'pl-PL': 'Klucz podpisywania', 'pt-BR': 'A chave de assinatura', 'pt-PT': 'A chave de assinatura', ru: 'Ключ подписи', 'tr-TR': 'İmzalama anahtarı', 'uk-UA': 'Ключ підпису',
    'zh-CN': '签名密钥', 'zh-HK': '簽署金鑰', 'zh-TW': '簽署金鑰',
  },
  log: {
    ar: 'سجل', de: 'Der Protokolleintrag', es: 'El registro', fr: 'Le journal', it: 'Il log', ja: 'ログ', ko: '로그',
    'pl-PL': 'Wpis dziennika', 'pt-BR': 'O registro', 'pt-PT': 'O registo', ru: 'Запись журнала', 'tr-TR': 'Günlük kaydı', 'uk-UA': 'Запис журналу',
    'zh-CN': '日志', 'zh-HK': '日誌', 'zh-TW': '日誌',
  },
  permission: {
    ar: 'صلاحية', de: 'Die Berechtigung', es: 'El permiso', fr: 'La permission', it: 'L\'autorizzazione', ja: '権限', ko: '권한',
    'pl-PL': 'Uprawnienie', 'pt-BR': 'A permissão', 'pt-PT': 'A permissão', ru: 'Разрешение', 'tr-TR': 'İzin', 'uk-UA': 'Дозвіл',
    'zh-CN': '权限', 'zh-HK': '權限', 'zh-TW': '權限',
  },
  'permission of this role': {
    ar: 'صلاحية لهذا الدور', de: 'Die Berechtigung dieser Rolle', es: 'El permiso de este rol', fr: 'La permission de ce rôle', it: 'L\'autorizzazione di questo ruolo', ja: 'このロールの権限', ko: '이 역할의 권한',
    'pl-PL': 'Uprawnienie tej roli', 'pt-BR': 'A permissão desta função', 'pt-PT': 'A permissão desta função', ru: 'Разрешение этой роли', 'tr-TR': 'Bu rolün izni', 'uk-UA': 'Дозвіл цієї ролі',
    'zh-CN': '此角色的权限', 'zh-HK': '此角色的權限', 'zh-TW': '此角色的權限',
  },
  'resource consent scope': {
    ar: 'نطاق مورد للموافقة', de: 'Der Ressourcen-Scope der Einwilligung', es: 'El ámbito de recurso del consentimiento', fr: 'La portée de ressource du consentement', it: 'L\'ambito di risorsa del consenso', ja: '同意画面のリソーススコープ', ko: '동의 리소스 범위',
    'pl-PL': 'Zakres zasobu zgody', 'pt-BR': 'O escopo de recurso do consentimento', 'pt-PT': 'O âmbito de recurso do consentimento', ru: 'Область ресурса для согласия', 'tr-TR': 'Onay kaynak kapsamı', 'uk-UA': 'Область ресурсу для згоди',
    'zh-CN': '授权同意的资源范围', 'zh-HK': '授權同意的資源範圍', 'zh-TW': '授權同意的資源範圍',
  },
  role: {
    ar: 'دور', de: 'Die Rolle', es: 'El rol', fr: 'Le rôle', it: 'Il ruolo', ja: 'ロール', ko: '역할',
    'pl-PL': 'Rola', 'pt-BR': 'A função', 'pt-PT': 'A função', ru: 'Роль', 'tr-TR': 'Rol', 'uk-UA': 'Роль',
    'zh-CN': '角色', 'zh-HK': '角色', 'zh-TW': '角色',
  },
  'role assignment': {
    ar: 'تعيين دور', de: 'Die Rollenzuweisung', es: 'La asignación de rol', fr: 'L\'attribution de rôle', it: 'L\'assegnazione del ruolo', ja: 'ロールの割り当て', ko: '역할 할당',
    'pl-PL': 'Przypisanie roli', 'pt-BR': 'A atribuição de função', 'pt-PT': 'A atribuição de função', ru: 'Назначение роли', 'tr-TR': 'Rol ataması', 'uk-UA': 'Призначення ролі',
    'zh-CN': '角色分配', 'zh-HK': '角色指派', 'zh-TW': '角色指派',
  },
  'token set': {
    ar: 'رموز المزوّد المخزنة', de: 'Die gespeicherten Anbieter-Tokens', es: 'Los tokens guardados del proveedor', fr: 'Les jetons enregistrés du fournisseur', it: 'I token salvati del provider', ja: '保存されたプロバイダーのトークン', ko: '저장된 공급자 토큰',
    'pl-PL': 'Zapisane tokeny dostawcy', 'pt-BR': 'Os tokens salvos do provedor', 'pt-PT': 'Os tokens guardados do fornecedor', ru: 'Сохранённые токены провайдера', 'tr-TR': 'Kayıtlı sağlayıcı belirteçleri', 'uk-UA': 'Збережені токени провайдера',
    'zh-CN': '已保存的提供方令牌', 'zh-HK': '已儲存的提供者權杖', 'zh-TW': '已儲存的提供者權杖',
  },
  user: {
    ar: 'مستخدم', de: 'Der Benutzer', es: 'El usuario', fr: 'L\'utilisateur', it: 'L\'utente', ja: 'ユーザー', ko: '사용자',
    'pl-PL': 'Użytkownik', 'pt-BR': 'O usuário', 'pt-PT': 'O utilizador', ru: 'Пользователь', 'tr-TR': 'Kullanıcı', 'uk-UA': 'Користувач',
    'zh-CN': '用户', 'zh-HK': '用戶', 'zh-TW': '使用者',
  },
  'user asset': {
    ar: 'ملف مستخدم', de: 'Die Benutzerdatei', es: 'El archivo de usuario', fr: 'Le fichier utilisateur', it: 'Il file dell\'utente', ja: 'ユーザーファイル', ko: '사용자 파일',
    'pl-PL': 'Plik użytkownika', 'pt-BR': 'O arquivo do usuário', 'pt-PT': 'O ficheiro do utilizador', ru: 'Файл пользователя', 'tr-TR': 'Kullanıcı dosyası', 'uk-UA': 'Файл користувача',
    'zh-CN': '用户文件', 'zh-HK': '用戶檔案', 'zh-TW': '使用者檔案',
  },
  'user consent scope': {
    ar: 'نطاق مستخدم للموافقة', de: 'Der Benutzer-Scope der Einwilligung', es: 'El ámbito de usuario del consentimiento', fr: 'La portée utilisateur du consentement', it: 'L\'ambito utente del consenso', ja: '同意画面のユーザースコープ', ko: '동의 사용자 범위',
    'pl-PL': 'Zakres użytkownika zgody', 'pt-BR': 'O escopo de usuário do consentimento', 'pt-PT': 'O âmbito de utilizador do consentimento', ru: 'Область пользователя для согласия', 'tr-TR': 'Onay kullanıcı kapsamı', 'uk-UA': 'Область користувача для згоди',
    'zh-CN': '授权同意的用户范围', 'zh-HK': '授權同意的用戶範圍', 'zh-TW': '授權同意的使用者範圍',
  },
} satisfies Record<string, Record<Exclude<SupportedLocale, 'en'>, string>>;

/** What `notFound` may name; a new one needs its translations here first. */
export type EntityName = keyof typeof names;

export const entityNames = Object.keys(names) as EntityName[];

/** The entity name in the locale; a name not in the table is returned as given. */
export const translateEntity = (locale: SupportedLocale, entity: string): string =>
  locale === 'en' ? entity : ((names as Partial<Record<string, Record<Exclude<SupportedLocale, 'en'>, string>>>)[entity]?.[locale] ?? entity);
