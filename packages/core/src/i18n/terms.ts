import type { SupportedLocale } from '@gatehouse/schemas';

import type { ErrorCode } from './errors/en.js';

/**
 * The machine values some errors carry in their params (an identifier type, a sign-in method, an
 * MFA factor, a connector type, a profile field), said in words in the message. The error keeps
 * the raw value in its params (for the server's own use); only the message shows the words.
 *
 * Each set is written for the phrases it goes into (see `uses` below): in each language the names
 * carry the case, article or particle those phrases need, so `Die Anmeldung mit {{method}} ist
 * nicht aktiviert.` reads `Die Anmeldung mit Benutzername und Passwort ist nicht aktiviert.`
 *
 * - `signInMethod`: `session.sign_in_method_not_enabled` (the identifier and how it is verified,
 *   as the thrower joins them: `email + verification code`).
 * - `identifierWith`: "registering / signing in with X" in `session.sign_up_identifier_not_enabled`
 *   and the sign-in experience checks (`sign_up_identifier_not_in_sign_in`,
 *   `sign_in_method_needs_verification_code`, `duplicate_sign_in_identifier`,
 *   `secondary_identifier_already_collected`).
 * - `accountField`: "the account already has X" (`session.profile_exists`).
 * - `mfaFactor`, `mfaIdentifier`: "the user already uses X", "to use X the user needs Y"
 *   (`user.mfa_verification_exists`, `user.mfa_needs_identifier`).
 * - `connectorType`: "an X connector" (`connector.type_exists`).
 * - `profileField`: a field the continue step asks for, alone or in a list (`user.missing_profile`).
 */
const en = {
  signInMethod: {
    'username + password': 'username and password',
    'email + password': 'email address and password',
    'phone + password': 'phone number and password',
    'username + verification code': 'username and verification code',
    'email + verification code': 'email address and verification code',
    'phone + verification code': 'phone number and verification code',
  },
  identifierWith: { username: 'a username', email: 'an email address', phone: 'a phone number' },
  accountField: { username: 'username', email: 'email address', phone: 'phone number', password: 'password' },
  mfaFactor: {
    Totp: 'an authenticator app (TOTP)',
    WebAuthn: 'a passkey (WebAuthn)',
    BackupCode: 'backup codes',
    EmailVerificationCode: 'email verification codes',
    PhoneVerificationCode: 'SMS verification codes',
  },
  mfaIdentifier: { primaryEmail: 'a primary email address', primaryPhone: 'a primary phone number' },
  connectorType: { Email: 'email', Sms: 'SMS' },
  profileField: {
    username: 'username',
    email: 'email address',
    phone: 'phone number',
    emailOrPhone: 'email address or phone number',
    password: 'password',
  },
};

export type TermSet = keyof typeof en;
type Terms = { [Set in TermSet]: Record<keyof (typeof en)[Set], string> };

/** The raw values a set has names for. */
export const termValues = (set: TermSet): string[] => Object.keys(en[set]);

const terms: Record<SupportedLocale, Terms> = {
  en,
  ar: {
    signInMethod: {
      'username + password': 'اسم المستخدم وكلمة المرور',
      'email + password': 'البريد الإلكتروني وكلمة المرور',
      'phone + password': 'رقم الهاتف وكلمة المرور',
      'username + verification code': 'اسم المستخدم ورمز التحقق',
      'email + verification code': 'البريد الإلكتروني ورمز التحقق',
      'phone + verification code': 'رقم الهاتف ورمز التحقق',
    },
    identifierWith: { username: 'اسم المستخدم', email: 'البريد الإلكتروني', phone: 'رقم الهاتف' },
    accountField: { username: 'اسم مستخدم', email: 'بريد إلكتروني', phone: 'رقم هاتف', password: 'كلمة مرور' },
    mfaFactor: {
      Totp: 'تطبيق المصادقة (TOTP)',
      WebAuthn: 'مفتاح المرور (WebAuthn)',
      BackupCode: 'الرموز الاحتياطية',
      EmailVerificationCode: 'رموز التحقق عبر البريد الإلكتروني',
      PhoneVerificationCode: 'رموز التحقق عبر الرسائل النصية',
    },
    mfaIdentifier: { primaryEmail: 'بريد إلكتروني أساسي', primaryPhone: 'رقم هاتف أساسي' },
    connectorType: { Email: 'البريد الإلكتروني', Sms: 'الرسائل النصية (SMS)' },
    profileField: {
      username: 'اسم المستخدم',
      email: 'البريد الإلكتروني',
      phone: 'رقم الهاتف',
      emailOrPhone: 'البريد الإلكتروني أو رقم الهاتف',
      password: 'كلمة المرور',
    },
  },
  de: {
    signInMethod: {
      'username + password': 'Benutzername und Passwort',
      'email + password': 'E-Mail-Adresse und Passwort',
      'phone + password': 'Telefonnummer und Passwort',
      'username + verification code': 'Benutzername und Bestätigungscode',
      'email + verification code': 'E-Mail-Adresse und Bestätigungscode',
      'phone + verification code': 'Telefonnummer und Bestätigungscode',
    },
    identifierWith: { username: 'Benutzername', email: 'E-Mail-Adresse', phone: 'Telefonnummer' },
    accountField: { username: 'ein Benutzername', email: 'eine E-Mail-Adresse', phone: 'eine Telefonnummer', password: 'ein Passwort' },
    mfaFactor: {
      Totp: 'eine Authenticator-App (TOTP)',
      WebAuthn: 'einen Passkey (WebAuthn)',
      BackupCode: 'Backup-Codes',
      EmailVerificationCode: 'Bestätigungscodes per E-Mail',
      PhoneVerificationCode: 'Bestätigungscodes per SMS',
    },
    mfaIdentifier: { primaryEmail: 'eine primäre E-Mail-Adresse', primaryPhone: 'eine primäre Telefonnummer' },
    connectorType: { Email: 'E-Mail', Sms: 'SMS' },
    profileField: {
      username: 'Benutzername',
      email: 'E-Mail-Adresse',
      phone: 'Telefonnummer',
      emailOrPhone: 'E-Mail-Adresse oder Telefonnummer',
      password: 'Passwort',
    },
  },
  es: {
    signInMethod: {
      'username + password': 'nombre de usuario y contraseña',
      'email + password': 'correo electrónico y contraseña',
      'phone + password': 'número de teléfono y contraseña',
      'username + verification code': 'nombre de usuario y código de verificación',
      'email + verification code': 'correo electrónico y código de verificación',
      'phone + verification code': 'número de teléfono y código de verificación',
    },
    identifierWith: { username: 'nombre de usuario', email: 'correo electrónico', phone: 'número de teléfono' },
    accountField: { username: 'un nombre de usuario', email: 'un correo electrónico', phone: 'un número de teléfono', password: 'una contraseña' },
    mfaFactor: {
      Totp: 'una aplicación de autenticación (TOTP)',
      WebAuthn: 'una llave de acceso (WebAuthn)',
      BackupCode: 'códigos de respaldo',
      EmailVerificationCode: 'códigos de verificación por correo electrónico',
      PhoneVerificationCode: 'códigos de verificación por SMS',
    },
    mfaIdentifier: { primaryEmail: 'un correo electrónico principal', primaryPhone: 'un número de teléfono principal' },
    connectorType: { Email: 'correo electrónico', Sms: 'SMS' },
    profileField: {
      username: 'nombre de usuario',
      email: 'correo electrónico',
      phone: 'número de teléfono',
      emailOrPhone: 'correo electrónico o número de teléfono',
      password: 'contraseña',
    },
  },
  fr: {
    signInMethod: {
      'username + password': 'nom d\'utilisateur et mot de passe',
      'email + password': 'e-mail et mot de passe',
      'phone + password': 'numéro de téléphone et mot de passe',
      'username + verification code': 'nom d\'utilisateur et code de vérification',
      'email + verification code': 'e-mail et code de vérification',
      'phone + verification code': 'numéro de téléphone et code de vérification',
    },
    identifierWith: { username: 'nom d\'utilisateur', email: 'e-mail', phone: 'numéro de téléphone' },
    accountField: { username: 'un nom d\'utilisateur', email: 'une adresse e-mail', phone: 'un numéro de téléphone', password: 'un mot de passe' },
    mfaFactor: {
      Totp: 'une application d\'authentification (TOTP)',
      WebAuthn: 'une clé d\'accès (WebAuthn)',
      BackupCode: 'des codes de secours',
      EmailVerificationCode: 'des codes de vérification par e-mail',
      PhoneVerificationCode: 'des codes de vérification par SMS',
    },
    mfaIdentifier: { primaryEmail: 'une adresse e-mail principale', primaryPhone: 'un numéro de téléphone principal' },
    connectorType: { Email: 'e-mail', Sms: 'SMS' },
    profileField: {
      username: 'nom d\'utilisateur',
      email: 'adresse e-mail',
      phone: 'numéro de téléphone',
      emailOrPhone: 'adresse e-mail ou numéro de téléphone',
      password: 'mot de passe',
    },
  },
  it: {
    signInMethod: {
      'username + password': 'nome utente e password',
      'email + password': 'email e password',
      'phone + password': 'numero di telefono e password',
      'username + verification code': 'nome utente e codice di verifica',
      'email + verification code': 'email e codice di verifica',
      'phone + verification code': 'numero di telefono e codice di verifica',
    },
    identifierWith: { username: 'nome utente', email: 'email', phone: 'numero di telefono' },
    accountField: { username: 'un nome utente', email: 'un indirizzo email', phone: 'un numero di telefono', password: 'una password' },
    mfaFactor: {
      Totp: 'un\'app di autenticazione (TOTP)',
      WebAuthn: 'una passkey (WebAuthn)',
      BackupCode: 'i codici di backup',
      EmailVerificationCode: 'i codici di verifica via email',
      PhoneVerificationCode: 'i codici di verifica via SMS',
    },
    mfaIdentifier: { primaryEmail: 'un indirizzo email principale', primaryPhone: 'un numero di telefono principale' },
    connectorType: { Email: 'email', Sms: 'SMS' },
    profileField: {
      username: 'nome utente',
      email: 'indirizzo email',
      phone: 'numero di telefono',
      emailOrPhone: 'indirizzo email o numero di telefono',
      password: 'password',
    },
  },
  ja: {
    signInMethod: {
      'username + password': 'ユーザー名とパスワード',
      'email + password': 'メールアドレスとパスワード',
      'phone + password': '電話番号とパスワード',
      'username + verification code': 'ユーザー名と確認コード',
      'email + verification code': 'メールアドレスと確認コード',
      'phone + verification code': '電話番号と確認コード',
    },
    identifierWith: { username: 'ユーザー名', email: 'メールアドレス', phone: '電話番号' },
    accountField: { username: 'ユーザー名', email: 'メールアドレス', phone: '電話番号', password: 'パスワード' },
    mfaFactor: {
      Totp: '認証アプリ（TOTP）',
      WebAuthn: 'パスキー（WebAuthn）',
      BackupCode: 'バックアップコード',
      EmailVerificationCode: 'メールの確認コード',
      PhoneVerificationCode: 'SMS の確認コード',
    },
    mfaIdentifier: { primaryEmail: 'メインのメールアドレス', primaryPhone: 'メインの電話番号' },
    connectorType: { Email: 'メール', Sms: 'SMS' },
    profileField: {
      username: 'ユーザー名',
      email: 'メールアドレス',
      phone: '電話番号',
      emailOrPhone: 'メールアドレスまたは電話番号',
      password: 'パスワード',
    },
  },
  ko: {
    // With the particle the phrase needs (으로/로, 이/가, 을/를): it depends on the word's last sound.
    signInMethod: {
      'username + password': '사용자 이름과 비밀번호로',
      'email + password': '이메일과 비밀번호로',
      'phone + password': '전화번호와 비밀번호로',
      'username + verification code': '사용자 이름과 인증 코드로',
      'email + verification code': '이메일과 인증 코드로',
      'phone + verification code': '전화번호와 인증 코드로',
    },
    identifierWith: { username: '사용자 이름으로', email: '이메일로', phone: '전화번호로' },
    accountField: { username: '사용자 이름이', email: '이메일이', phone: '전화번호가', password: '비밀번호가' },
    mfaFactor: {
      Totp: '인증 앱(TOTP)을',
      WebAuthn: '패스키(WebAuthn)를',
      BackupCode: '백업 코드를',
      EmailVerificationCode: '이메일 인증 코드를',
      PhoneVerificationCode: 'SMS 인증 코드를',
    },
    mfaIdentifier: { primaryEmail: '기본 이메일이', primaryPhone: '기본 전화번호가' },
    connectorType: { Email: '이메일', Sms: 'SMS' },
    profileField: {
      username: '사용자 이름',
      email: '이메일',
      phone: '전화번호',
      emailOrPhone: '이메일 또는 전화번호',
      password: '비밀번호',
    },
  },
  'pl-PL': {
    // Genitive after "za pomocą".
    signInMethod: {
      'username + password': 'nazwy użytkownika i hasła',
      'email + password': 'adresu e-mail i hasła',
      'phone + password': 'numeru telefonu i hasła',
      'username + verification code': 'nazwy użytkownika i kodu weryfikacyjnego',
      'email + verification code': 'adresu e-mail i kodu weryfikacyjnego',
      'phone + verification code': 'numeru telefonu i kodu weryfikacyjnego',
    },
    identifierWith: { username: 'nazwy użytkownika', email: 'adresu e-mail', phone: 'numeru telefonu' },
    accountField: { username: 'nazwę użytkownika', email: 'adres e-mail', phone: 'numer telefonu', password: 'hasło' },
    mfaFactor: {
      Totp: 'aplikacji uwierzytelniającej (TOTP)',
      WebAuthn: 'klucza dostępu (WebAuthn)',
      BackupCode: 'kodów zapasowych',
      EmailVerificationCode: 'kodów weryfikacyjnych e-mail',
      PhoneVerificationCode: 'kodów weryfikacyjnych SMS',
    },
    mfaIdentifier: { primaryEmail: 'główny adres e-mail', primaryPhone: 'główny numer telefonu' },
    connectorType: { Email: 'e-mail', Sms: 'SMS' },
    profileField: {
      username: 'nazwa użytkownika',
      email: 'adres e-mail',
      phone: 'numer telefonu',
      emailOrPhone: 'adres e-mail lub numer telefonu',
      password: 'hasło',
    },
  },
  'pt-BR': {
    signInMethod: {
      'username + password': 'nome de usuário e senha',
      'email + password': 'e-mail e senha',
      'phone + password': 'número de telefone e senha',
      'username + verification code': 'nome de usuário e código de verificação',
      'email + verification code': 'e-mail e código de verificação',
      'phone + verification code': 'número de telefone e código de verificação',
    },
    identifierWith: { username: 'nome de usuário', email: 'e-mail', phone: 'número de telefone' },
    accountField: { username: 'um nome de usuário', email: 'um e-mail', phone: 'um número de telefone', password: 'uma senha' },
    mfaFactor: {
      Totp: 'um aplicativo autenticador (TOTP)',
      WebAuthn: 'uma chave de acesso (WebAuthn)',
      BackupCode: 'códigos de backup',
      EmailVerificationCode: 'códigos de verificação por e-mail',
      PhoneVerificationCode: 'códigos de verificação por SMS',
    },
    mfaIdentifier: { primaryEmail: 'um e-mail principal', primaryPhone: 'um número de telefone principal' },
    connectorType: { Email: 'e-mail', Sms: 'SMS' },
    profileField: {
      username: 'nome de usuário',
      email: 'e-mail',
      phone: 'número de telefone',
      emailOrPhone: 'e-mail ou número de telefone',
      password: 'senha',
    },
  },
  'pt-PT': {
    signInMethod: {
      'username + password': 'nome de utilizador e palavra-passe',
      'email + password': 'e-mail e palavra-passe',
      'phone + password': 'número de telemóvel e palavra-passe',
      'username + verification code': 'nome de utilizador e código de verificação',
      'email + verification code': 'e-mail e código de verificação',
      'phone + verification code': 'número de telemóvel e código de verificação',
    },
    identifierWith: { username: 'nome de utilizador', email: 'e-mail', phone: 'número de telemóvel' },
    accountField: { username: 'um nome de utilizador', email: 'um e-mail', phone: 'um número de telemóvel', password: 'uma palavra-passe' },
    mfaFactor: {
      Totp: 'uma aplicação de autenticação (TOTP)',
      WebAuthn: 'uma chave de acesso (WebAuthn)',
      BackupCode: 'códigos de cópia de segurança',
      EmailVerificationCode: 'códigos de verificação por e-mail',
      PhoneVerificationCode: 'códigos de verificação por SMS',
    },
    mfaIdentifier: { primaryEmail: 'um e-mail principal', primaryPhone: 'um número de telemóvel principal' },
    connectorType: { Email: 'e-mail', Sms: 'SMS' },
    profileField: {
      username: 'nome de utilizador',
      email: 'e-mail',
      phone: 'número de telemóvel',
      emailOrPhone: 'e-mail ou número de telemóvel',
      password: 'palavra-passe',
    },
  },
  ru: {
    // Dative after "по"; accusative after "использует" and "указать".
    signInMethod: {
      'username + password': 'имени пользователя и паролю',
      'email + password': 'адресу электронной почты и паролю',
      'phone + password': 'номеру телефона и паролю',
      'username + verification code': 'имени пользователя и коду подтверждения',
      'email + verification code': 'адресу электронной почты и коду подтверждения',
      'phone + verification code': 'номеру телефона и коду подтверждения',
    },
    identifierWith: { username: 'имени пользователя', email: 'адресу электронной почты', phone: 'номеру телефона' },
    accountField: { username: 'имя пользователя', email: 'адрес электронной почты', phone: 'номер телефона', password: 'пароль' },
    mfaFactor: {
      Totp: 'приложение-аутентификатор (TOTP)',
      WebAuthn: 'ключ доступа (WebAuthn)',
      BackupCode: 'резервные коды',
      EmailVerificationCode: 'коды подтверждения по электронной почте',
      PhoneVerificationCode: 'коды подтверждения по SMS',
    },
    mfaIdentifier: { primaryEmail: 'основной адрес электронной почты', primaryPhone: 'основной номер телефона' },
    connectorType: { Email: 'электронной почты', Sms: 'SMS' },
    profileField: {
      username: 'имя пользователя',
      email: 'адрес электронной почты',
      phone: 'номер телефона',
      emailOrPhone: 'адрес электронной почты или номер телефона',
      password: 'пароль',
    },
  },
  'tr-TR': {
    signInMethod: {
      'username + password': 'kullanıcı adı ve parola',
      'email + password': 'e-posta adresi ve parola',
      'phone + password': 'telefon numarası ve parola',
      'username + verification code': 'kullanıcı adı ve doğrulama kodu',
      'email + verification code': 'e-posta adresi ve doğrulama kodu',
      'phone + verification code': 'telefon numarası ve doğrulama kodu',
    },
    identifierWith: { username: 'kullanıcı adı', email: 'e-posta adresi', phone: 'telefon numarası' },
    accountField: { username: 'kullanıcı adı', email: 'e-posta adresi', phone: 'telefon numarası', password: 'parola' },
    mfaFactor: {
      Totp: 'kimlik doğrulama uygulaması (TOTP)',
      WebAuthn: 'geçiş anahtarı (WebAuthn)',
      BackupCode: 'yedek kodlar',
      EmailVerificationCode: 'e-posta doğrulama kodları',
      PhoneVerificationCode: 'SMS doğrulama kodları',
    },
    mfaIdentifier: { primaryEmail: 'birincil e-posta adresi', primaryPhone: 'birincil telefon numarası' },
    connectorType: { Email: 'e-posta', Sms: 'SMS' },
    profileField: {
      username: 'kullanıcı adı',
      email: 'e-posta adresi',
      phone: 'telefon numarası',
      emailOrPhone: 'e-posta adresi veya telefon numarası',
      password: 'parola',
    },
  },
  'uk-UA': {
    // Genitive after "за допомогою"; accusative after "використовує" and "вказати".
    signInMethod: {
      'username + password': 'імені користувача та пароля',
      'email + password': 'адреси електронної пошти та пароля',
      'phone + password': 'номера телефону та пароля',
      'username + verification code': 'імені користувача та коду підтвердження',
      'email + verification code': 'адреси електронної пошти та коду підтвердження',
      'phone + verification code': 'номера телефону та коду підтвердження',
    },
    identifierWith: { username: 'імені користувача', email: 'адреси електронної пошти', phone: 'номера телефону' },
    accountField: { username: 'ім’я користувача', email: 'адреса електронної пошти', phone: 'номер телефону', password: 'пароль' },
    mfaFactor: {
      Totp: 'застосунок автентифікації (TOTP)',
      WebAuthn: 'ключ доступу (WebAuthn)',
      BackupCode: 'резервні коди',
      EmailVerificationCode: 'коди підтвердження електронною поштою',
      PhoneVerificationCode: 'коди підтвердження через SMS',
    },
    mfaIdentifier: { primaryEmail: 'основну адресу електронної пошти', primaryPhone: 'основний номер телефону' },
    connectorType: { Email: 'електронної пошти', Sms: 'SMS' },
    profileField: {
      username: 'ім’я користувача',
      email: 'адреса електронної пошти',
      phone: 'номер телефону',
      emailOrPhone: 'адреса електронної пошти або номер телефону',
      password: 'пароль',
    },
  },
  'zh-CN': {
    signInMethod: {
      'username + password': '用户名和密码',
      'email + password': '邮箱和密码',
      'phone + password': '手机号码和密码',
      'username + verification code': '用户名和验证码',
      'email + verification code': '邮箱和验证码',
      'phone + verification code': '手机号码和验证码',
    },
    identifierWith: { username: '用户名', email: '邮箱', phone: '手机号码' },
    accountField: { username: '用户名', email: '邮箱', phone: '手机号码', password: '密码' },
    mfaFactor: {
      Totp: '身份验证器应用（TOTP）',
      WebAuthn: '通行密钥（WebAuthn）',
      BackupCode: '备用码',
      EmailVerificationCode: '邮箱验证码',
      PhoneVerificationCode: '短信验证码',
    },
    mfaIdentifier: { primaryEmail: '主邮箱', primaryPhone: '主手机号码' },
    connectorType: { Email: '邮件', Sms: '短信' },
    profileField: {
      username: '用户名',
      email: '邮箱',
      phone: '手机号码',
      emailOrPhone: '邮箱或手机号码',
      password: '密码',
    },
  },
  'zh-HK': {
    signInMethod: {
      'username + password': '用戶名稱和密碼',
      'email + password': '電郵和密碼',
      'phone + password': '電話號碼和密碼',
      'username + verification code': '用戶名稱和驗證碼',
      'email + verification code': '電郵和驗證碼',
      'phone + verification code': '電話號碼和驗證碼',
    },
    identifierWith: { username: '用戶名稱', email: '電郵', phone: '電話號碼' },
    accountField: { username: '用戶名稱', email: '電郵', phone: '電話號碼', password: '密碼' },
    mfaFactor: {
      Totp: '驗證器應用程式（TOTP）',
      WebAuthn: '通行密鑰（WebAuthn）',
      BackupCode: '備用碼',
      EmailVerificationCode: '電郵驗證碼',
      PhoneVerificationCode: '短訊驗證碼',
    },
    mfaIdentifier: { primaryEmail: '主要電郵', primaryPhone: '主要電話號碼' },
    connectorType: { Email: '電郵', Sms: '短訊' },
    profileField: {
      username: '用戶名稱',
      email: '電郵',
      phone: '電話號碼',
      emailOrPhone: '電郵或電話號碼',
      password: '密碼',
    },
  },
  'zh-TW': {
    signInMethod: {
      'username + password': '使用者名稱和密碼',
      'email + password': '電子郵件和密碼',
      'phone + password': '手機號碼和密碼',
      'username + verification code': '使用者名稱和驗證碼',
      'email + verification code': '電子郵件和驗證碼',
      'phone + verification code': '手機號碼和驗證碼',
    },
    identifierWith: { username: '使用者名稱', email: '電子郵件', phone: '手機號碼' },
    accountField: { username: '使用者名稱', email: '電子郵件', phone: '手機號碼', password: '密碼' },
    mfaFactor: {
      Totp: '驗證器應用程式（TOTP）',
      WebAuthn: '通行金鑰（WebAuthn）',
      BackupCode: '備用碼',
      EmailVerificationCode: '電子郵件驗證碼',
      PhoneVerificationCode: '簡訊驗證碼',
    },
    mfaIdentifier: { primaryEmail: '主要電子郵件', primaryPhone: '主要手機號碼' },
    connectorType: { Email: '電子郵件', Sms: '簡訊' },
    profileField: {
      username: '使用者名稱',
      email: '電子郵件',
      phone: '手機號碼',
      emailOrPhone: '電子郵件或手機號碼',
      password: '密碼',
    },
  },
};

/** How a list param (`username, password`) is joined again once its items are translated. */
const listSeparators: Partial<Record<SupportedLocale, string>> = {
  ar: '، ',
  ja: '、',
  'zh-CN': '、',
  'zh-HK': '、',
  'zh-TW': '、',
};

type Use = { set: TermSet; list?: true };

/**
 * Which params of which phrases are machine values, and the set that says them. A list param is
 * the thrower's `', '`-joined values, translated one by one.
 */
export const uses: Partial<Record<ErrorCode, Record<string, Use>>> = {
  'session.sign_in_method_not_enabled': { method: { set: 'signInMethod' } },
  'session.sign_up_identifier_not_enabled': { identifier: { set: 'identifierWith' } },
  'session.profile_exists': { field: { set: 'accountField' } },
  'sign_in_experience.sign_up_identifier_not_in_sign_in': { identifier: { set: 'identifierWith' } },
  'sign_in_experience.sign_in_method_needs_verification_code': { identifier: { set: 'identifierWith' } },
  'sign_in_experience.duplicate_sign_in_identifier': { identifier: { set: 'identifierWith' } },
  'sign_in_experience.secondary_identifier_already_collected': { identifier: { set: 'identifierWith' } },
  'user.mfa_verification_exists': { type: { set: 'mfaFactor' } },
  'user.mfa_needs_identifier': { type: { set: 'mfaFactor' }, field: { set: 'mfaIdentifier' } },
  'connector.type_exists': { type: { set: 'connectorType' } },
  'user.missing_profile': { fields: { set: 'profileField', list: true } },
  'user.optional_profile_offered': { fields: { set: 'profileField', list: true } },
  'user.missing_profile_field': { field: { set: 'profileField' } },
};

/** The words for a machine value in the locale; a value the set does not know is returned as given. */
export const translateTerm = (locale: SupportedLocale, set: TermSet, value: string): string =>
  (terms[locale][set] as Partial<Record<string, string>>)[value] ?? value;

/**
 * The params of an error as its phrase shows them: the machine values `uses` lists for the code
 * said in words of the locale, everything else as given. The params passed in are not changed.
 */
export const translateTerms = (
  locale: SupportedLocale,
  code: ErrorCode,
  params: Record<string, string | number>,
): Record<string, string | number> => {
  const use = uses[code];
  if (!use) {
    return params;
  }
  const translated = { ...params };
  for (const [name, { set, list }] of Object.entries(use)) {
    const value = params[name];
    if (typeof value !== 'string') {
      continue;
    }
    translated[name] = list
      ? value
          .split(', ')
          .map((item) => translateTerm(locale, set, item))
          .join(listSeparators[locale] ?? ', ')
      : translateTerm(locale, set, value);
  }
  return translated;
};
