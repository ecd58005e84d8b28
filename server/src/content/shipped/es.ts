import type { ShippedTexts } from "./types";

export const es: ShippedTexts = {
  news: {
    welcome: {
      title: "Bienvenido a TradeWise",
      summary: "Cómo empezar y cómo comprobar que cada cifra es real.",
      body: "<p>¡Bienvenido! Tres pasos para empezar:</p><ol><li><strong>Verifica tu identidad</strong> (Cuenta, Verificación KYC). Las revisiones suelen completarse en 24 horas.</li><li><strong>Deposita {deposit_currency}</strong>: envíalo a la dirección de recepción que aparece en la página de depósito y sube la captura del pago con el importe. Un operador lo comprueba y lo abona en tu monedero.</li><li><strong>Establece una contraseña de operaciones</strong> (Cuenta, Centro de seguridad): los retiros la piden.</li></ol><p>Cada cambio de tu saldo es un asiento contable con su causa, y tus registros financieros siempre suman tu saldo. Cada acción de un operador queda escrita en un registro de auditoría.</p><p>¿Preguntas? Lee las <a href=\"#/pages/me/faq\">preguntas frecuentes</a> o contacta con atención al cliente desde la pestaña Servicio.</p>",
    },
    funding: {
      title: "Cómo funcionan los depósitos y los retiros",
      summary: "Solo se deposita {deposit_currency}. Los retiros empiezan en {withdraw_min} {withdraw_currency}, con una comisión de {withdraw_fee} {withdraw_currency}, tras la revisión de un operador.",
      body: "<h2>Depósitos</h2><ul><li>Solo se deposita {deposit_currency}. Convierte primero otras monedas a {deposit_currency}.</li><li>Elige la red, envía {deposit_currency} a la dirección de recepción de la plataforma que aparece en la página de depósito y sube una captura del pago con el importe enviado. Un depósito va de {deposit_min} a {deposit_max} {deposit_currency}.</li><li>Un operador compara tu captura con la transferencia recibida y la aprueba (se abona en tu monedero) o la rechaza con un motivo que puedes leer en tu historial de depósitos.</li><li>Mientras un depósito está pendiente puedes cancelarlo, si no enviaste el dinero.</li><li>Una captura solo puede respaldar un depósito.</li></ul><h2>Retiros</h2><ul><li>El mínimo es {withdraw_min} {withdraw_currency}. La comisión es de {withdraw_fee} {withdraw_currency} y se descuenta del importe: al retirar {withdraw_min} {withdraw_currency} recibes {withdraw_min_receive} {withdraw_currency}. El formulario muestra lo que recibirás antes de confirmar.</li><li>Necesitas una verificación de identidad aprobada, una contraseña de operaciones, una dirección de retiro guardada en tu libreta de direcciones y ninguna posición apalancada abierta.</li><li>Una solicitud a la vez: una nueva solicitud espera hasta que se revise la pendiente.</li><li>El importe queda congelado hasta que un operador revisa la solicitud: pagada (ves el hash de la transacción) o rechazada (el importe vuelve a tu saldo disponible). {withdraw_currency} suele llegar en las 24 horas siguientes a la solicitud.</li><li>Tras un cambio de contraseña de inicio de sesión, contraseña de operaciones o Google 2FA, los retiros se pausan 24 horas, para protegerte si otra persona hizo el cambio.</li><li>Nada más puede retener un retiro: no hay impuestos, tasas de desbloqueo ni requisitos de volumen sobre tus propios depósitos.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "¿Cómo me registro?",
      answer: "<p>Usa un nombre de cuenta (de 4 a 32 letras, dígitos o _ . -) o una dirección de correo electrónico, una contraseña de 6 a 16 caracteres y un código de invitación válido. Registrarte con una dirección de correo también requiere el código que te enviamos.</p>",
    },
    "account.20": {
      question: "Olvidé mi contraseña. ¿Qué puedo hacer?",
      answer: "<p>En la página de inicio de sesión elige \"¿Olvidaste tu contraseña?\": enviamos un código a la dirección de correo vinculada a tu cuenta y eliges una contraseña nueva. Si no hay ningún correo vinculado, contacta con atención al cliente.</p>",
    },
    "account.30": {
      question: "¿Por qué está congelada mi cuenta?",
      answer: "<p>Una cuenta congelada no puede iniciar sesión ni operar. Contacta con atención al cliente desde la pestaña Servicio: te dirán el motivo y qué hacer.</p>",
    },
    "security.10": {
      question: "¿Qué es la contraseña de operaciones?",
      answer: "<p>Una segunda contraseña, distinta de la de inicio de sesión, que se pide al retirar. Establécela en Cuenta, Centro de seguridad. Tiene de 6 a 16 caracteres.</p>",
    },
    "security.20": {
      question: "¿Por qué se pausan los retiros después de cambiar mi contraseña?",
      answer: "<p>Tras un cambio de contraseña de inicio de sesión, contraseña de operaciones o Google 2FA, los retiros se pausan 24 horas. Si otra persona hizo el cambio, esto te da tiempo para reaccionar.</p>",
    },
    "security.30": {
      question: "¿Cómo activo Google 2FA?",
      answer: "<p>En Centro de seguridad, Google 2FA: escanea el código QR con una app de autenticación y confirma con el código de 6 dígitos que muestra.</p>",
    },
    "kyc.10": {
      question: "¿Cuánto tarda la verificación de identidad?",
      answer: "<p>Por lo general, menos de 24 horas. Necesitas tu país, nombres, tipo y número de documento, y fotos del anverso y el reverso del documento y de ti sosteniéndolo. Un número de documento solo puede verificarse una vez.</p>",
    },
    "kyc.20": {
      question: "¿Qué requiere verificación de identidad?",
      answer: "<p>Los retiros requieren una verificación aprobada, y también otras funciones: la app te avisa cuando es así.</p>",
    },
    "deposit.10": {
      question: "¿Cómo deposito?",
      answer: "<ol><li>Abre Depositar y elige la red.</li><li>Envía {deposit_currency} a la dirección de recepción mostrada (entre {deposit_min} y {deposit_max} {deposit_currency}).</li><li>Sube la captura del pago con el importe enviado.</li></ol><p>Un operador la compara con la transferencia recibida y abona tu monedero, o la rechaza con un motivo que se muestra en tu historial de depósitos. Mientras está pendiente puedes cancelarla.</p>",
    },
    "deposit.20": {
      question: "¿Puedo depositar otra moneda o por transferencia bancaria?",
      answer: "<p>Solo se deposita {deposit_currency}: convierte otras monedas a {deposit_currency} en tus monederos. Para una transferencia bancaria, contacta primero con atención al cliente; la página de transferencia bancaria explica los pasos.</p>",
    },
    "deposit.30": {
      question: "¿Por qué se rechazó mi depósito?",
      answer: "<p>El motivo aparece en tu historial de depósitos. Causas habituales: el importe no coincide con la transferencia recibida, no se encontró la transferencia o la captura ya se usó para otro depósito.</p>",
    },
    "withdrawal.10": {
      question: "¿Cuáles son las reglas de retiro?",
      answer: "<ul><li>Mínimo {withdraw_min} {withdraw_currency}; comisión de {withdraw_fee} {withdraw_currency}, descontada del importe (al retirar {withdraw_min} recibes {withdraw_min_receive}).</li><li>Verificación de identidad aprobada, una contraseña de operaciones, una dirección de retiro guardada y ninguna posición apalancada abierta.</li><li>Una solicitud pendiente a la vez.</li></ul>",
    },
    "withdrawal.20": {
      question: "¿Cuánto tarda un retiro?",
      answer: "<p>Un operador revisa cada solicitud; {withdraw_currency} suele llegar en las 24 horas siguientes a la solicitud. Hasta entonces el importe queda congelado. Una solicitud rechazada devuelve el importe a tu saldo disponible, con el motivo.</p>",
    },
    "withdrawal.30": {
      question: "¿Puede algo más retener mi retiro?",
      answer: "<p>No. Solo se aplican las reglas publicadas (mínimo, comisión, revisión, una solicitud pendiente, verificación de identidad, la pausa de 24 horas tras un cambio de seguridad). No hay impuestos, tasas de desbloqueo ni requisitos de volumen sobre tus propios depósitos.</p>",
    },
    "trading.10": {
      question: "¿A qué precio se liquidan mis operaciones?",
      answer: "<p>Al precio registrado del flujo de precios del mercado. Cada liquidación muestra el precio y la hora del tick que usó. No hay precios por usuario. Mientras el flujo de mercado simulado está activo, las pantallas de precios llevan una insignia de \"datos de mercado de demostración\".</p>",
    },
    "trading.20": {
      question: "¿Qué son el take-profit y el stop-loss?",
      answer: "<p>Precios a los que una posición abierta se cierra sola. Ninguno puede ser 0. En una posición larga (comprar al alza), el take-profit no puede estar por debajo del precio de apertura ni del actual, y el stop-loss no puede estar por encima de ellos; en una corta (comprar a la baja), al revés.</p>",
    },
    "options.10": {
      question: "¿Qué es una opción por tiempo?",
      answer: "<p>Eliges un par, una dirección (sube o baja), una duración con su tasa de pago y un importe apostado. Al terminar el tiempo, el precio al vencimiento se compara con el precio de apertura.</p>",
    },
    "options.20": {
      question: "¿Cómo se liquida una opción por tiempo?",
      answer: "<p>Con el primer tick en el vencimiento o después, frente al tick de apertura; ambos ticks (precio y hora) se muestran con el resultado.</p><ul><li>Ganancia: recuperas tu importe más importe × tasa de pago.</li><li>Pérdida: pierdes el importe.</li><li>Mismo precio: se te devuelve el importe.</li></ul>",
    },
    "options.30": {
      question: "¿Cuál es el valor esperado de una opción por tiempo?",
      answer: "<p>Una ganancia paga menos que el importe que arriesga: la tasa de pago es inferior al 100 %. Con la misma probabilidad de ganar que de perder, una operación con tasa de pago r pierde en promedio importe × (1 − r) / 2. La pantalla de operación muestra la tasa y el valor esperado antes de confirmar.</p>",
    },
    "options.40": {
      question: "¿Por qué no puedo operar con opciones?",
      answer: "<p>Las opciones por tiempo pueden desactivarse por país, y un par puede cerrarse a las operaciones. La app te indica cuál es el caso.</p>",
    },
    "earn.10": {
      question: "¿Cómo paga el arbitraje con IA?",
      answer: "<p>El rendimiento sigue la tasa diaria informada al suscribirte (mostrada como tasa diaria y como TAE), abonada cada día en tu monedero de {deposit_currency}; el capital se devuelve al final del plazo. La página del producto muestra las diferencias de precio entre plataformas que encuentra el motor.</p>",
    },
    "earn.20": {
      question: "¿Puedo terminar un alojamiento antes de tiempo?",
      answer: "<p>Sí. La terminación anticipada devuelve tu capital menos la penalización informada, que se muestra antes de confirmar.</p>",
    },
    "loans.10": {
      question: "¿Cómo se calculan los intereses del préstamo?",
      answer: "<p>Intereses = importe × tasa diaria × días, a pagar al vencimiento junto con el importe. Un préstamo vencido añade la comisión diaria por mora informada. El formulario de solicitud muestra la TAE y el total a devolver antes de enviarlo.</p>",
    },
    "referral.10": {
      question: "¿Cómo funciona la recompensa por referidos?",
      answer: "<p>La página Invitar amigos muestra tu código y enlace de invitación, y la recompensa actual con sus condiciones.</p>",
    },
    "other.10": {
      question: "¿Cómo puedo comprobar que mi saldo es correcto?",
      answer: "<p>Tus registros financieros enumeran cada asiento contable con su causa, y suman tu saldo. Las acciones de los operadores quedan escritas en un registro de auditoría, y un ajuste manual aparece en tus registros con su motivo.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Acuerdo de servicio",
      body: "<p>Este acuerdo es entre usted y el operador de esta plataforma. Al registrarse lo acepta. El operador puede sustituir este texto; la versión que se muestra aquí es la vigente.</p><ol><li><strong>Su cuenta.</strong> Guarde para usted su contraseña de acceso, su contraseña de operaciones y su autenticador. Toda acción hecha con ellos se considera suya.</li><li><strong>Identidad.</strong> Los retiros y algunos productos requieren una verificación de identidad aprobada. Aporte documentos verdaderos; una cuenta abierta con documentos falsos puede cerrarse.</li><li><strong>Su dinero.</strong> Cada cambio de su saldo es un asiento contable con su causa, visible en sus registros financieros. Un operador revisa los depósitos y retiros antes de abonarlos o pagarlos.</li><li><strong>Riesgo.</strong> Los contratos, las opciones temporales, el forex y los metales pueden perder parte o la totalidad de lo invertido. Lea la advertencia de riesgo de cada producto antes de operar. Nada de esto es asesoramiento de inversión.</li><li><strong>Comisiones.</strong> Las comisiones de cada producto se muestran antes de confirmarlo. No se cobra ningún otro cargo de su saldo.</li><li><strong>Conducta.</strong> No use la plataforma para blanquear dinero, cometer fraude ni infringir la ley de su país. El operador puede suspender la cuenta que lo haga y conserva los registros que exige la ley.</li><li><strong>Cambios.</strong> Todo cambio de este acuerdo se anuncia en los avisos antes de aplicarse. Preguntas: contacte con el servicio al cliente desde la pestaña Servicio.</li></ol>",
    },
  },
};
