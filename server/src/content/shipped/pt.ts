import type { ShippedTexts } from "./types";

export const pt: ShippedTexts = {
  news: {
    welcome: {
      title: "Bem-vindo à TradeWise",
      summary: "Como começar e como verificar que cada número é real.",
      body: "<p>Bem-vindo! Três passos para começar:</p><ol><li><strong>Verifique sua identidade</strong> (Conta, Verificação KYC). As análises costumam ser concluídas em até 24 horas.</li><li><strong>Deposite {deposit_currency}</strong>: envie para o endereço de recebimento mostrado na página de depósito e depois envie a captura de tela do pagamento com o valor. Um operador confere e credita sua carteira.</li><li><strong>Defina uma senha de negociação</strong> (Conta, Central de segurança): os saques a pedem.</li></ol><p>Cada alteração do seu saldo é um lançamento contábil com a sua causa, e seus registros financeiros sempre somam o seu saldo. Cada ação de um operador é registrada em um log de auditoria.</p><p>Dúvidas? Leia as <a href=\"#/pages/me/faq\">perguntas frequentes</a> ou fale com o atendimento ao cliente pela aba Atendimento.</p>",
    },
    funding: {
      title: "Como funcionam os depósitos e os saques",
      summary: "Só se deposita {deposit_currency}. Os saques começam em {withdraw_min} {withdraw_currency}, com taxa de {withdraw_fee} {withdraw_currency}, após a análise de um operador.",
      body: "<h2>Depósitos</h2><ul><li>Só se deposita {deposit_currency}. Converta outras moedas para {deposit_currency} primeiro.</li><li>Escolha a rede, envie {deposit_currency} para o endereço de recebimento da plataforma mostrado na página de depósito e depois envie uma captura de tela do pagamento com o valor enviado. Um depósito vai de {deposit_min} a {deposit_max} {deposit_currency}.</li><li>Um operador compara sua captura com a transferência recebida e a aprova (sua carteira é creditada) ou a rejeita com um motivo que você pode ler no seu histórico de depósitos.</li><li>Enquanto um depósito está pendente, você pode cancelá-lo, se não enviou o dinheiro.</li><li>Uma captura de tela só pode comprovar um depósito.</li></ul><h2>Saques</h2><ul><li>O mínimo é {withdraw_min} {withdraw_currency}. A taxa é de {withdraw_fee} {withdraw_currency}, descontada do valor: ao sacar {withdraw_min} {withdraw_currency}, você recebe {withdraw_min_receive} {withdraw_currency}. O formulário mostra quanto você receberá antes de confirmar.</li><li>Você precisa de uma verificação de identidade aprovada, uma senha de negociação, um endereço de saque salvo no seu catálogo de endereços e nenhuma posição alavancada aberta.</li><li>Uma solicitação por vez: uma nova solicitação aguarda até que a pendente seja analisada.</li><li>O valor fica congelado até que um operador analise a solicitação: paga (você vê o hash da transação) ou rejeitada (o valor volta ao seu saldo disponível). {withdraw_currency} costuma chegar em até 24 horas após a solicitação.</li><li>Após uma alteração da senha de login, da senha de negociação ou do Google 2FA, os saques ficam suspensos por 24 horas, para protegê-lo caso outra pessoa tenha feito a alteração.</li><li>Nada mais pode reter um saque: não há imposto, taxa de desbloqueio nem exigência de volume sobre os seus próprios depósitos.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "Como me cadastro?",
      answer: "<p>Use um nome de conta (4 a 32 letras, dígitos ou _ . -) ou um endereço de e-mail, uma senha de 6 a 16 caracteres e um código de convite válido. O cadastro com endereço de e-mail também exige o código que enviamos para ele.</p>",
    },
    "account.20": {
      question: "Esqueci minha senha. O que posso fazer?",
      answer: "<p>Na página de login, escolha \"Esqueceu a senha?\": enviamos um código para o e-mail vinculado à sua conta e você escolhe uma nova senha. Se nenhum e-mail estiver vinculado, fale com o atendimento ao cliente.</p>",
    },
    "account.30": {
      question: "Por que minha conta está congelada?",
      answer: "<p>Uma conta congelada não pode fazer login nem negociar. Fale com o atendimento ao cliente pela aba Atendimento: eles dirão o motivo e o que fazer.</p>",
    },
    "security.10": {
      question: "O que é a senha de negociação?",
      answer: "<p>Uma segunda senha, diferente da senha de login, pedida quando você saca. Defina-a em Conta, Central de segurança. Ela tem de 6 a 16 caracteres.</p>",
    },
    "security.20": {
      question: "Por que os saques foram suspensos depois que alterei minha senha?",
      answer: "<p>Após uma alteração da senha de login, da senha de negociação ou do Google 2FA, os saques ficam suspensos por 24 horas. Se outra pessoa fez a alteração, isso lhe dá tempo para reagir.</p>",
    },
    "security.30": {
      question: "Como ativo o Google 2FA?",
      answer: "<p>Em Central de segurança, Google 2FA: leia o QR code com um app autenticador e confirme com o código de 6 dígitos que ele mostra.</p>",
    },
    "kyc.10": {
      question: "Quanto tempo leva a verificação de identidade?",
      answer: "<p>Geralmente até 24 horas. Você precisa do seu país, nomes, tipo e número do documento, e fotos da frente e do verso do documento e de você segurando-o. Um número de documento só pode ser verificado uma vez.</p>",
    },
    "kyc.20": {
      question: "O que exige verificação de identidade?",
      answer: "<p>Os saques exigem uma verificação aprovada, assim como alguns outros recursos: o app avisa quando for o caso.</p>",
    },
    "deposit.10": {
      question: "Como faço um depósito?",
      answer: "<ol><li>Abra Depositar e escolha a rede.</li><li>Envie {deposit_currency} para o endereço de recebimento mostrado (entre {deposit_min} e {deposit_max} {deposit_currency}).</li><li>Envie a captura de tela do pagamento com o valor enviado.</li></ol><p>Um operador a compara com a transferência recebida e credita sua carteira, ou a rejeita com um motivo mostrado no seu histórico de depósitos. Enquanto estiver pendente, você pode cancelá-lo.</p>",
    },
    "deposit.20": {
      question: "Posso depositar outra moeda ou por transferência bancária?",
      answer: "<p>Só se deposita {deposit_currency}: converta outras moedas para {deposit_currency} nas suas carteiras. Para uma transferência bancária, fale primeiro com o atendimento ao cliente; a página de transferência bancária explica os passos.</p>",
    },
    "deposit.30": {
      question: "Por que meu depósito foi rejeitado?",
      answer: "<p>O motivo aparece no seu histórico de depósitos. Causas comuns: o valor não corresponde à transferência recebida, a transferência não foi encontrada ou a captura de tela já foi usada em outro depósito.</p>",
    },
    "withdrawal.10": {
      question: "Quais são as regras de saque?",
      answer: "<ul><li>Mínimo de {withdraw_min} {withdraw_currency}; taxa de {withdraw_fee} {withdraw_currency}, descontada do valor (ao sacar {withdraw_min} você recebe {withdraw_min_receive}).</li><li>Verificação de identidade aprovada, uma senha de negociação, um endereço de saque salvo e nenhuma posição alavancada aberta.</li><li>Uma solicitação pendente por vez.</li></ul>",
    },
    "withdrawal.20": {
      question: "Quanto tempo leva um saque?",
      answer: "<p>Um operador analisa cada solicitação; {withdraw_currency} costuma chegar em até 24 horas após a solicitação. Até lá, o valor fica congelado. Uma solicitação rejeitada devolve o valor ao seu saldo disponível, com o motivo.</p>",
    },
    "withdrawal.30": {
      question: "Algo mais pode reter meu saque?",
      answer: "<p>Não. Só valem as regras publicadas (mínimo, taxa, análise, uma solicitação pendente, verificação de identidade, a suspensão de 24 horas após uma alteração de segurança). Não há imposto, taxa de desbloqueio nem exigência de volume sobre os seus próprios depósitos.</p>",
    },
    "trading.10": {
      question: "A que preço minhas operações são liquidadas?",
      answer: "<p>Ao preço registrado do fluxo de preços do mercado. Cada liquidação mostra o preço e o horário do tick usado. Não existe preço por usuário. Enquanto o fluxo de mercado simulado estiver ativo, as telas de preço exibem um selo de \"dados de mercado de demonstração\".</p>",
    },
    "trading.20": {
      question: "O que são take-profit e stop-loss?",
      answer: "<p>Preços nos quais uma posição aberta se fecha sozinha. Nenhum pode ser 0. Em uma posição comprada (comprar em alta), o take-profit não pode ficar abaixo do preço de abertura nem do atual, e o stop-loss não pode ficar acima deles; em uma vendida (comprar em baixa), é o contrário.</p>",
    },
    "options.10": {
      question: "O que é uma opção por tempo?",
      answer: "<p>Você escolhe um par, uma direção (alta ou baixa), uma duração com sua taxa de pagamento e um valor de aposta. Quando o tempo acaba, o preço no vencimento é comparado com o preço de abertura.</p>",
    },
    "options.20": {
      question: "Como uma opção por tempo é liquidada?",
      answer: "<p>Pelo primeiro tick no vencimento ou depois dele, comparado com o tick de abertura; os dois ticks (preço e horário) são mostrados com o resultado.</p><ul><li>Ganho: sua aposta volta, mais aposta × taxa de pagamento.</li><li>Perda: a aposta é perdida.</li><li>Mesmo preço: a aposta é reembolsada.</li></ul>",
    },
    "options.30": {
      question: "Qual é o valor esperado de uma opção por tempo?",
      answer: "<p>Um ganho paga menos do que a aposta arriscada: a taxa de pagamento é inferior a 100%. Com chances iguais de ganhar e perder, uma operação com taxa de pagamento r perde em média aposta × (1 − r) / 2. A tela de negociação mostra a taxa e o valor esperado antes de você confirmar.</p>",
    },
    "options.40": {
      question: "Por que não posso negociar opções?",
      answer: "<p>As opções por tempo podem ser desativadas por país, e um par pode estar fechado para negociação. O app informa qual é o caso.</p>",
    },
    "earn.10": {
      question: "Como a arbitragem com IA paga?",
      answer: "<p>O rendimento segue a taxa diária informada na assinatura (mostrada como taxa diária e como taxa anual), creditado todo dia na sua carteira de {deposit_currency}; o principal volta no fim do prazo. A página do produto mostra as diferenças de preço entre plataformas que o mecanismo encontra.</p>",
    },
    "earn.20": {
      question: "Posso encerrar uma hospedagem antes do prazo?",
      answer: "<p>Sim. O encerramento antecipado devolve o seu principal menos a multa informada, que é mostrada antes de você confirmar.</p>",
    },
    "loans.10": {
      question: "Como são calculados os juros do empréstimo?",
      answer: "<p>Juros = valor × taxa diária × dias, pagos no vencimento junto com o valor. Um empréstimo em atraso acrescenta a taxa diária de atraso informada. O formulário de solicitação mostra a taxa anual e o total a pagar antes de você enviar.</p>",
    },
    "referral.10": {
      question: "Como funciona a recompensa por indicação?",
      answer: "<p>A página Convidar amigos mostra seu código e link de convite, e a recompensa atual com suas condições.</p>",
    },
    "other.10": {
      question: "Como posso verificar se meu saldo está correto?",
      answer: "<p>Seus registros financeiros listam cada lançamento contábil com a sua causa, e somam o seu saldo. As ações dos operadores são registradas em um log de auditoria, e um ajuste manual aparece nos seus registros com o motivo.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Contrato de serviço",
      body: "<p>Este contrato é entre você e o operador desta plataforma. Ao se registrar, você o aceita. O operador pode substituir este texto; a versão mostrada aqui é a que está em vigor.</p><ol><li><strong>Sua conta.</strong> Guarde para si a senha de acesso, a senha de negociação e o autenticador. Toda ação feita com eles é considerada sua.</li><li><strong>Identidade.</strong> Saques e alguns produtos exigem uma verificação de identidade aprovada. Envie documentos verdadeiros; uma conta aberta com documentos falsos pode ser encerrada.</li><li><strong>Seu dinheiro.</strong> Cada mudança no seu saldo é um lançamento contábil com a sua causa, mostrado nos seus registros financeiros. Um operador revisa depósitos e saques antes de creditá-los ou pagá-los.</li><li><strong>Risco.</strong> Contratos, opções por tempo, forex e metais podem perder parte ou todo o valor aplicado. Leia o aviso de risco de cada produto antes de negociar. Nada aqui é recomendação de investimento.</li><li><strong>Taxas.</strong> As taxas de cada produto são mostradas antes da confirmação. Nenhuma outra cobrança é feita do seu saldo.</li><li><strong>Conduta.</strong> Não use a plataforma para lavagem de dinheiro, fraude ou para violar a lei do seu país. O operador pode suspender a conta que o fizer e guarda os registros que a lei exige.</li><li><strong>Mudanças.</strong> Qualquer mudança neste contrato é anunciada nos avisos antes de valer. Dúvidas: fale com o atendimento na aba Serviço.</li></ol>",
    },
  },
};
