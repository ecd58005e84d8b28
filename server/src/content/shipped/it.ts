import type { ShippedTexts } from "./types";

export const it: ShippedTexts = {
  news: {
    welcome: {
      title: "Benvenuto su TradeWise",
      summary: "Come iniziare e come verificare che ogni numero sia reale.",
      body: "<p>Benvenuto! Tre passi per iniziare:</p><ol><li><strong>Verifica la tua identità</strong> (Account, Verifica KYC). Le revisioni si concludono di solito entro 24 ore.</li><li><strong>Deposita {deposit_currency}</strong>: invialo all'indirizzo di ricezione mostrato nella pagina di deposito, poi carica lo screenshot del pagamento con l'importo. Un operatore lo controlla e accredita il tuo portafoglio.</li><li><strong>Imposta una password di trading</strong> (Account, Centro sicurezza): i prelievi la richiedono.</li></ol><p>Ogni variazione del tuo saldo è una scrittura contabile con la sua causa, e i tuoi movimenti finanziari sommano sempre il tuo saldo. Ogni azione di un operatore è scritta in un registro di audit.</p><p>Domande? Leggi le <a href=\"#/pages/me/faq\">domande frequenti</a> o contatta l'assistenza clienti dalla scheda Assistenza.</p>",
    },
    funding: {
      title: "Come funzionano depositi e prelievi",
      summary: "Si deposita solo {deposit_currency}. I prelievi partono da {withdraw_min} {withdraw_currency}, con una commissione di {withdraw_fee} {withdraw_currency}, dopo la revisione di un operatore.",
      body: "<h2>Depositi</h2><ul><li>Si deposita solo {deposit_currency}. Converti prima le altre valute in {deposit_currency}.</li><li>Scegli la rete, invia {deposit_currency} all'indirizzo di ricezione della piattaforma mostrato nella pagina di deposito, poi carica uno screenshot del pagamento con l'importo inviato. Un deposito va da {deposit_min} a {deposit_max} {deposit_currency}.</li><li>Un operatore confronta il tuo screenshot con il trasferimento ricevuto, poi lo approva (il tuo portafoglio viene accreditato) o lo rifiuta con un motivo che puoi leggere nello storico dei depositi.</li><li>Finché un deposito è in attesa puoi annullarlo, se non hai inviato il denaro.</li><li>Uno screenshot può giustificare un solo deposito.</li></ul><h2>Prelievi</h2><ul><li>Il minimo è {withdraw_min} {withdraw_currency}. La commissione è di {withdraw_fee} {withdraw_currency}, detratta dall'importo: prelevando {withdraw_min} {withdraw_currency} ricevi {withdraw_min_receive} {withdraw_currency}. Il modulo mostra quanto riceverai prima della conferma.</li><li>Ti servono una verifica d'identità approvata, una password di trading, un indirizzo di prelievo salvato nella rubrica indirizzi e nessuna posizione con leva aperta.</li><li>Una richiesta alla volta: una nuova richiesta attende finché quella in sospeso non viene esaminata.</li><li>L'importo resta congelato finché un operatore non esamina la richiesta: pagata (vedi l'hash della transazione) o rifiutata (l'importo torna al saldo disponibile). {withdraw_currency} arriva di solito entro 24 ore dalla richiesta.</li><li>Dopo una modifica della password di accesso, della password di trading o di Google 2FA, i prelievi si sospendono per 24 ore, per proteggerti se la modifica l'ha fatta qualcun altro.</li><li>Nient'altro può trattenere un prelievo: non ci sono tasse, commissioni di sblocco né requisiti di volume sui tuoi depositi.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "Come mi registro?",
      answer: "<p>Usa un nome account (da 4 a 32 lettere, cifre o _ . -) o un indirizzo e-mail, una password da 6 a 16 caratteri e un codice di invito valido. La registrazione con indirizzo e-mail richiede anche il codice che ti inviamo.</p>",
    },
    "account.20": {
      question: "Ho dimenticato la password. Cosa posso fare?",
      answer: "<p>Nella pagina di accesso scegli \"Password dimenticata?\": inviamo un codice all'indirizzo e-mail collegato al tuo account e scegli una nuova password. Se nessun indirizzo e-mail è collegato, contatta l'assistenza clienti.</p>",
    },
    "account.30": {
      question: "Perché il mio account è congelato?",
      answer: "<p>Un account congelato non può accedere né fare trading. Contatta l'assistenza clienti dalla scheda Assistenza: ti diranno il motivo e cosa fare.</p>",
    },
    "security.10": {
      question: "Cos'è la password di trading?",
      answer: "<p>Una seconda password, distinta da quella di accesso, richiesta quando prelevi. Impostala in Account, Centro sicurezza. Ha da 6 a 16 caratteri.</p>",
    },
    "security.20": {
      question: "Perché i prelievi sono sospesi dopo che ho cambiato la password?",
      answer: "<p>Dopo una modifica della password di accesso, della password di trading o di Google 2FA, i prelievi si sospendono per 24 ore. Se la modifica l'ha fatta qualcun altro, hai il tempo di reagire.</p>",
    },
    "security.30": {
      question: "Come attivo Google 2FA?",
      answer: "<p>In Centro sicurezza, Google 2FA: scansiona il codice QR con un'app di autenticazione, poi conferma con il codice a 6 cifre che mostra.</p>",
    },
    "kyc.10": {
      question: "Quanto dura la verifica dell'identità?",
      answer: "<p>Di solito entro 24 ore. Ti servono il paese, i nomi, il tipo e il numero del documento, e le foto del fronte e del retro del documento e di te che lo tieni in mano. Un numero di documento può essere verificato una sola volta.</p>",
    },
    "kyc.20": {
      question: "Cosa richiede la verifica dell'identità?",
      answer: "<p>I prelievi richiedono una verifica approvata, come anche alcune altre funzioni: l'app te lo indica quando serve.</p>",
    },
    "deposit.10": {
      question: "Come deposito?",
      answer: "<ol><li>Apri Deposita e scegli la rete.</li><li>Invia {deposit_currency} all'indirizzo di ricezione mostrato (tra {deposit_min} e {deposit_max} {deposit_currency}).</li><li>Carica lo screenshot del pagamento con l'importo inviato.</li></ol><p>Un operatore lo confronta con il trasferimento ricevuto e accredita il tuo portafoglio, oppure lo rifiuta con un motivo mostrato nello storico dei depositi. Finché è in attesa puoi annullarlo.</p>",
    },
    "deposit.20": {
      question: "Posso depositare un'altra valuta o tramite bonifico bancario?",
      answer: "<p>Si deposita solo {deposit_currency}: converti le altre valute in {deposit_currency} nei tuoi portafogli. Per un bonifico bancario, contatta prima l'assistenza clienti; la pagina del bonifico bancario spiega i passaggi.</p>",
    },
    "deposit.30": {
      question: "Perché il mio deposito è stato rifiutato?",
      answer: "<p>Il motivo è indicato nello storico dei depositi. Cause tipiche: l'importo non corrisponde al bonifico ricevuto, il trasferimento non è stato trovato o lo screenshot era già stato usato per un altro deposito.</p>",
    },
    "withdrawal.10": {
      question: "Quali sono le regole di prelievo?",
      answer: "<ul><li>Minimo {withdraw_min} {withdraw_currency}; commissione di {withdraw_fee} {withdraw_currency}, detratta dall'importo (prelevando {withdraw_min} ricevi {withdraw_min_receive}).</li><li>Verifica d'identità approvata, una password di trading, un indirizzo di prelievo salvato, nessuna posizione con leva aperta.</li><li>Una richiesta in sospeso alla volta.</li></ul>",
    },
    "withdrawal.20": {
      question: "Quanto tempo richiede un prelievo?",
      answer: "<p>Un operatore esamina ogni richiesta; {withdraw_currency} arriva di solito entro 24 ore dalla richiesta. Fino ad allora l'importo resta congelato. Una richiesta rifiutata restituisce l'importo al saldo disponibile, con il motivo.</p>",
    },
    "withdrawal.30": {
      question: "Qualcos'altro può trattenere il mio prelievo?",
      answer: "<p>No. Valgono solo le regole pubblicate (minimo, commissione, revisione, una richiesta in sospeso, verifica d'identità, la sospensione di 24 ore dopo una modifica di sicurezza). Non ci sono tasse, commissioni di sblocco né requisiti di volume sui tuoi depositi.</p>",
    },
    "trading.10": {
      question: "A quale prezzo vengono regolate le mie operazioni?",
      answer: "<p>Al prezzo registrato del flusso di prezzi di mercato. Ogni regolamento mostra il prezzo e l'ora del tick utilizzato. Non esistono prezzi per singolo utente. Mentre è attivo il flusso di mercato simulato, le schermate dei prezzi riportano un badge \"dati di mercato dimostrativi\".</p>",
    },
    "trading.20": {
      question: "Cosa sono take-profit e stop-loss?",
      answer: "<p>Prezzi ai quali una posizione aperta si chiude da sola. Nessuno dei due può essere 0. Per una posizione long (compra al rialzo), il take-profit non può essere sotto il prezzo di apertura né quello attuale e lo stop-loss non può essere sopra di essi; per una short (compra al ribasso), il contrario.</p>",
    },
    "options.10": {
      question: "Cos'è un'opzione a tempo?",
      answer: "<p>Scegli una coppia, una direzione (rialzo o ribasso), una durata con il suo tasso di pagamento e una puntata. Allo scadere del tempo, il prezzo alla scadenza viene confrontato con il prezzo di apertura.</p>",
    },
    "options.20": {
      question: "Come viene regolata un'opzione a tempo?",
      answer: "<p>Al primo tick alla scadenza o dopo, rispetto al tick di apertura; entrambi i tick (prezzo e ora) sono mostrati con il risultato.</p><ul><li>Vincita: ti torna la puntata più puntata × tasso di pagamento.</li><li>Perdita: la puntata è persa.</li><li>Stesso prezzo: la puntata viene rimborsata.</li></ul>",
    },
    "options.30": {
      question: "Qual è il valore atteso di un'opzione a tempo?",
      answer: "<p>Una vincita paga meno della puntata che rischia: il tasso di pagamento è inferiore al 100%. Con pari probabilità di vincere e perdere, un'operazione con tasso di pagamento r perde in media puntata × (1 − r) / 2. La schermata di trading mostra il tasso e il valore atteso prima della conferma.</p>",
    },
    "options.40": {
      question: "Perché non posso fare trading di opzioni?",
      answer: "<p>Le opzioni a tempo possono essere disattivate per paese, e una coppia può essere chiusa al trading. L'app ti indica quale caso si applica.</p>",
    },
    "earn.10": {
      question: "Come paga l'arbitraggio con IA?",
      answer: "<p>Il rendimento segue il tasso giornaliero comunicato alla sottoscrizione (mostrato come tasso giornaliero e come tasso annuo), accreditato ogni giorno sul tuo portafoglio {deposit_currency}; il capitale torna alla fine del periodo. La pagina del prodotto mostra le differenze di prezzo tra le piattaforme che il motore trova.</p>",
    },
    "earn.20": {
      question: "Posso terminare un hosting in anticipo?",
      answer: "<p>Sì. La chiusura anticipata restituisce il capitale meno la penale comunicata, mostrata prima della conferma.</p>",
    },
    "loans.10": {
      question: "Come si calcolano gli interessi del prestito?",
      answer: "<p>Interessi = importo × tasso giornaliero × giorni, dovuti alla scadenza insieme all'importo. Un prestito scaduto aggiunge la mora giornaliera comunicata. Il modulo di richiesta mostra il tasso annuo e il totale da rimborsare prima dell'invio.</p>",
    },
    "referral.10": {
      question: "Come funziona il premio per gli inviti?",
      answer: "<p>La pagina Invita amici mostra il tuo codice e il link di invito, e il premio attuale con le sue condizioni.</p>",
    },
    "other.10": {
      question: "Come posso verificare che il mio saldo sia corretto?",
      answer: "<p>I tuoi movimenti finanziari elencano ogni scrittura contabile con la sua causa, e sommano il tuo saldo. Le azioni degli operatori sono scritte in un registro di audit, e una rettifica manuale compare nei tuoi movimenti con il motivo.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Contratto di servizio",
      body: "<p>Questo contratto è tra te e il gestore di questa piattaforma. Registrandoti lo accetti. Il gestore può sostituire questo testo; la versione mostrata qui è quella in vigore.</p><ol><li><strong>Il tuo conto.</strong> Tieni per te la password di accesso, la password di trading e l'autenticatore. Ogni azione fatta con essi è considerata tua.</li><li><strong>Identità.</strong> I prelievi e alcuni prodotti richiedono una verifica dell'identità superata. Fornisci documenti veri; un conto aperto con documenti falsi può essere chiuso.</li><li><strong>Il tuo denaro.</strong> Ogni variazione del saldo è una registrazione contabile con la sua causa, visibile nei tuoi movimenti. Un operatore esamina depositi e prelievi prima di accreditarli o pagarli.</li><li><strong>Rischio.</strong> Contratti, opzioni a tempo, forex e metalli possono perdere parte o tutto il capitale investito. Leggi l'avvertenza sul rischio di ogni prodotto prima di operare. Nulla qui è una consulenza di investimento.</li><li><strong>Commissioni.</strong> Le commissioni di ogni prodotto sono mostrate prima della conferma. Nessun altro addebito viene prelevato dal saldo.</li><li><strong>Condotta.</strong> Non usare la piattaforma per riciclaggio, frode o per violare la legge del tuo paese. Il gestore può sospendere il conto che lo fa e conserva le registrazioni richieste dalla legge.</li><li><strong>Modifiche.</strong> Ogni modifica a questo contratto è annunciata negli avvisi prima di applicarsi. Domande: contatta l'assistenza dalla scheda Servizio.</li></ol>",
    },
  },
};
