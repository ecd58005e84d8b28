import type { ShippedTexts } from "./types";

/** Traditional Chinese (`tw`), with the app's Taiwan terms (儲值, 提領), distinct from `zh.ts`. */
export const tw: ShippedTexts = {
  news: {
    welcome: {
      title: "歡迎來到 TradeWise",
      summary: "如何開始使用，以及如何核對每一個數字都是真實的。",
      body: "<p>歡迎！三個步驟開始使用：</p><ol><li><strong>完成身分驗證</strong>（帳戶 › KYC 驗證）。審核一般在 24 小時內完成。</li><li><strong>儲值 {deposit_currency}</strong>：轉帳到儲值頁面顯示的收款地址，然後上傳附有金額的付款截圖。營運人員核對後會為您的錢包入帳。</li><li><strong>設定交易密碼</strong>（帳戶 › 安全中心）：提領時需要輸入。</li></ol><p>您餘額的每一次變動都是一筆註明原因的帳本分錄，您的資金紀錄加總始終等於您的餘額。營運人員的每一項操作都會寫入稽核日誌。</p><p>有疑問嗎？請閱讀<a href=\"#/pages/me/faq\">常見問題</a>，或在「服務」頁聯絡客服。</p>",
    },
    funding: {
      title: "儲值與提領說明",
      summary: "僅接受儲值 {deposit_currency}。提領最低 {withdraw_min} {withdraw_currency}，手續費 {withdraw_fee} {withdraw_currency}，須經營運人員審核。",
      body: "<h2>儲值</h2><ul><li>僅接受儲值 {deposit_currency}。其他幣種請先兌換為 {deposit_currency}。</li><li>選擇網路，將 {deposit_currency} 轉到儲值頁面顯示的平台收款地址，然後上傳附有轉帳金額的付款截圖。單筆儲值金額為 {deposit_min} 至 {deposit_max} {deposit_currency}。</li><li>營運人員會將您的截圖與實際收到的轉帳核對，然後核准（為您的錢包入帳）或駁回並註明原因，原因可在儲值紀錄中查看。</li><li>儲值待審核期間，如果您沒有轉帳，可以取消。</li><li>一張截圖只能用於一筆儲值。</li></ul><h2>提領</h2><ul><li>最低提領 {withdraw_min} {withdraw_currency}。手續費 {withdraw_fee} {withdraw_currency}，從提領金額中扣除：提領 {withdraw_min} {withdraw_currency}，實際入帳 {withdraw_min_receive} {withdraw_currency}。確認前表單會顯示實際入帳金額。</li><li>您需要通過身分驗證、設定交易密碼、在地址簿中儲存提領地址，並且沒有未平倉的槓桿部位。</li><li>同一時間只能有一筆申請：新的申請須等待審核中的申請處理完畢。</li><li>營運人員審核前，該金額處於凍結狀態：審核後撥款（可查看交易雜湊）或駁回（金額退回可用餘額）。{withdraw_currency} 一般在申請後 24 小時內入帳。</li><li>變更登入密碼、交易密碼或 Google 驗證後，提領暫停 24 小時，以防他人變更時保護您的資金。</li><li>除此之外，沒有任何條件可以扣留提領：您自己的儲值不收取任何稅費、解凍費，也沒有流水要求。</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "如何註冊？",
      answer: "<p>使用帳戶名稱（4 至 32 個字母、數字或 _ . -）或電子郵件地址、6 至 16 個字元的密碼以及有效的邀請碼。使用電子郵件註冊還需要輸入我們寄到該信箱的驗證碼。</p>",
    },
    "account.20": {
      question: "忘記密碼怎麼辦？",
      answer: "<p>在登入頁面選擇「忘記密碼？」：我們會寄送驗證碼到您帳戶綁定的電子郵件地址，然後您可以設定新密碼。如果沒有綁定電子郵件，請聯絡客服。</p>",
    },
    "account.30": {
      question: "為什麼我的帳戶被凍結？",
      answer: "<p>被凍結的帳戶無法登入或交易。請在「服務」頁聯絡客服：客服會告訴您原因和處理方式。</p>",
    },
    "security.10": {
      question: "什麼是交易密碼？",
      answer: "<p>與登入密碼不同的第二組密碼，提領時需要輸入。請在 帳戶 › 安全中心 設定，長度為 6 至 16 個字元。</p>",
    },
    "security.20": {
      question: "為什麼變更密碼後提領被暫停？",
      answer: "<p>變更登入密碼、交易密碼或 Google 驗證後，提領暫停 24 小時。如果變更並非您本人所為，這段時間讓您有機會及時處理。</p>",
    },
    "security.30": {
      question: "如何開啟 Google 驗證？",
      answer: "<p>在 安全中心 › Google 驗證 中，用驗證器 App 掃描 QR 碼，然後輸入 App 顯示的 6 位數驗證碼確認。</p>",
    },
    "kyc.10": {
      question: "身分驗證需要多久？",
      answer: "<p>一般在 24 小時內完成。您需要提供國家、姓名、證件類型和號碼，以及證件正面、背面和手持證件的照片。一個證件號碼只能驗證一次。</p>",
    },
    "kyc.20": {
      question: "哪些功能需要身分驗證？",
      answer: "<p>提領需要通過身分驗證，其他一些功能也需要：需要時 App 會提示您。</p>",
    },
    "deposit.10": {
      question: "如何儲值？",
      answer: "<ol><li>開啟「儲值」並選擇網路。</li><li>將 {deposit_currency} 轉到顯示的收款地址（{deposit_min} 至 {deposit_max} {deposit_currency}）。</li><li>上傳附有轉帳金額的付款截圖。</li></ol><p>營運人員會將其與實際收到的轉帳核對並為您的錢包入帳，或駁回並在儲值紀錄中顯示原因。待審核期間您可以取消。</p>",
    },
    "deposit.20": {
      question: "可以儲值其他幣種或透過銀行轉帳儲值嗎？",
      answer: "<p>僅接受儲值 {deposit_currency}：請在錢包中將其他幣種兌換為 {deposit_currency}。如需銀行轉帳，請先聯絡客服；銀行轉帳頁面說明了具體步驟。</p>",
    },
    "deposit.30": {
      question: "為什麼我的儲值被駁回？",
      answer: "<p>原因顯示在您的儲值紀錄中。常見原因：金額與實際收到的轉帳不符、找不到該筆轉帳，或該截圖已用於另一筆儲值。</p>",
    },
    "withdrawal.10": {
      question: "提領規則是什麼？",
      answer: "<ul><li>最低 {withdraw_min} {withdraw_currency}；手續費 {withdraw_fee} {withdraw_currency}，從提領金額中扣除（提領 {withdraw_min}，實際入帳 {withdraw_min_receive}）。</li><li>已通過身分驗證、已設定交易密碼、已儲存提領地址，並且沒有未平倉的槓桿部位。</li><li>同一時間只能有一筆待審核申請。</li></ul>",
    },
    "withdrawal.20": {
      question: "提領需要多久？",
      answer: "<p>每筆申請都由營運人員審核；{withdraw_currency} 一般在申請後 24 小時內入帳。在此之前該金額處於凍結狀態。被駁回的申請會將金額退回您的可用餘額，並註明原因。</p>",
    },
    "withdrawal.30": {
      question: "還有其他情況會扣留我的提領嗎？",
      answer: "<p>沒有。只適用已公布的規則（最低金額、手續費、審核、一筆待審核申請、身分驗證、安全設定變更後暫停 24 小時）。您自己的儲值不收取任何稅費、解凍費，也沒有流水要求。</p>",
    },
    "trading.10": {
      question: "我的交易以什麼價格結算？",
      answer: "<p>以記錄的市場行情價格結算。每次結算都會顯示所用報價（tick）的價格和時間。不存在針對個別用戶的價格。模擬行情啟用期間，價格頁面會帶有「示範行情資料」標記。</p>",
    },
    "trading.20": {
      question: "什麼是停利和停損？",
      answer: "<p>持倉自動平倉的價格。兩者都不能為 0。做多（買漲）時，停利不能低於開倉價和目前價格，停損不能高於它們；做空（買跌）時則相反。</p>",
    },
    "options.10": {
      question: "什麼是限時期權？",
      answer: "<p>您選擇交易對、方向（漲或跌）、附有相應收益率的時長以及投入金額。到期時，將到期價格與開倉價格進行比較。</p>",
    },
    "options.20": {
      question: "限時期權如何結算？",
      answer: "<p>以到期時或到期後的第一個報價（tick）與開倉報價比較；兩個報價（價格和時間）都會隨結果一起顯示。</p><ul><li>獲利：退還投入金額，另得 投入金額 × 收益率。</li><li>虧損：損失投入金額。</li><li>價格相同：退還投入金額。</li></ul>",
    },
    "options.30": {
      question: "限時期權的期望值是多少？",
      answer: "<p>獲利所得少於所承擔風險的投入金額：收益率低於 100%。在輸贏機會相等的情況下，收益率為 r 的交易預期虧損 投入金額 × (1 − r) / 2。交易頁面會在您確認前顯示收益率和期望值。</p>",
    },
    "options.40": {
      question: "為什麼我不能交易期權？",
      answer: "<p>限時期權可能依國家關閉，某個交易對也可能暫停交易。App 會告訴您屬於哪種情況。</p>",
    },
    "earn.10": {
      question: "AI 套利如何支付收益？",
      answer: "<p>收益依認購時公布的日利率計算（同時顯示為日利率和年化報酬率），每天計入您的 {deposit_currency} 錢包；本金在期滿時返還。產品頁面會顯示引擎找到的各交易場所之間的價差。</p>",
    },
    "earn.20": {
      question: "託管可以提前結束嗎？",
      answer: "<p>可以。提前終止會返還本金並扣除已公布的違約金，違約金會在您確認前顯示。</p>",
    },
    "loans.10": {
      question: "貸款利息如何計算？",
      answer: "<p>利息 = 金額 × 日利率 × 天數，到期時連同本金一起償還。逾期貸款另加已公布的每日逾期費。申請表會在您送出前顯示年化利率和應還總額。</p>",
    },
    "referral.10": {
      question: "推薦獎勵如何運作？",
      answer: "<p>「邀請好友」頁面顯示您的邀請碼和邀請連結，以及目前的獎勵及其條件。</p>",
    },
    "other.10": {
      question: "如何核對我的餘額是否正確？",
      answer: "<p>您的資金紀錄列出每一筆帳本分錄及其原因，加總等於您的餘額。營運人員的操作都會寫入稽核日誌，人工調整會連同原因出現在您的紀錄中。</p>",
    },
  },
};
