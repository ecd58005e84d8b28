import type { ShippedTexts } from "./types";

export const vn: ShippedTexts = {
  news: {
    welcome: {
      title: "Chào mừng đến với TradeWise",
      summary: "Cách bắt đầu, và cách kiểm tra rằng mọi con số đều là thật.",
      body: "<p>Chào mừng bạn! Ba bước để bắt đầu:</p><ol><li><strong>Xác minh danh tính</strong> (Tài khoản, Xác minh KYC). Việc xét duyệt thường hoàn tất trong vòng 24 giờ.</li><li><strong>Nạp {deposit_currency}</strong>: gửi đến địa chỉ nhận hiển thị trên trang nạp tiền, sau đó tải lên ảnh chụp màn hình thanh toán có số tiền. Nhân viên vận hành sẽ kiểm tra và ghi có vào ví của bạn.</li><li><strong>Đặt mật khẩu giao dịch</strong> (Tài khoản, Trung tâm bảo mật): khi rút tiền sẽ cần đến.</li></ol><p>Mọi thay đổi số dư của bạn đều là một bút toán sổ cái kèm lý do, và lịch sử tài chính của bạn luôn cộng lại bằng số dư. Mọi thao tác của nhân viên vận hành đều được ghi vào nhật ký kiểm toán.</p><p>Có thắc mắc? Hãy đọc <a href=\"#/pages/me/faq\">câu hỏi thường gặp</a> hoặc liên hệ bộ phận chăm sóc khách hàng từ thẻ Dịch vụ.</p>",
    },
    funding: {
      title: "Cách nạp tiền và rút tiền",
      summary: "Chỉ nạp bằng {deposit_currency}. Rút tiền từ {withdraw_min} {withdraw_currency}, phí {withdraw_fee} {withdraw_currency}, sau khi nhân viên vận hành xét duyệt.",
      body: "<h2>Nạp tiền</h2><ul><li>Chỉ nạp bằng {deposit_currency}. Hãy chuyển đổi các loại tiền khác sang {deposit_currency} trước.</li><li>Chọn mạng, gửi {deposit_currency} đến địa chỉ nhận của nền tảng hiển thị trên trang nạp tiền, sau đó tải lên ảnh chụp màn hình thanh toán có số tiền bạn đã gửi. Mỗi lần nạp từ {deposit_min} đến {deposit_max} {deposit_currency}.</li><li>Nhân viên vận hành đối chiếu ảnh chụp với giao dịch chuyển đã nhận, rồi duyệt (ví của bạn được ghi có) hoặc từ chối kèm lý do mà bạn có thể xem trong lịch sử nạp tiền.</li><li>Khi lệnh nạp đang chờ duyệt, bạn có thể hủy nếu chưa gửi tiền.</li><li>Mỗi ảnh chụp màn hình chỉ dùng cho một lần nạp.</li></ul><h2>Rút tiền</h2><ul><li>Mức tối thiểu là {withdraw_min} {withdraw_currency}. Phí là {withdraw_fee} {withdraw_currency}, trừ vào số tiền rút: rút {withdraw_min} {withdraw_currency}, bạn nhận {withdraw_min_receive} {withdraw_currency}. Biểu mẫu hiển thị số tiền bạn nhận trước khi xác nhận.</li><li>Bạn cần đã xác minh danh tính, có mật khẩu giao dịch, có địa chỉ rút tiền lưu trong sổ địa chỉ và không có vị thế đòn bẩy đang mở.</li><li>Mỗi lần một yêu cầu: yêu cầu mới phải chờ đến khi yêu cầu đang chờ được xét duyệt.</li><li>Số tiền bị đóng băng cho đến khi nhân viên vận hành xét duyệt yêu cầu: đã chi trả (bạn thấy mã hash giao dịch) hoặc bị từ chối (số tiền trở về số dư khả dụng). {withdraw_currency} thường đến trong vòng 24 giờ kể từ khi yêu cầu.</li><li>Sau khi thay đổi mật khẩu đăng nhập, mật khẩu giao dịch hoặc Google 2FA, việc rút tiền tạm dừng 24 giờ để bảo vệ bạn nếu người khác đã thực hiện thay đổi.</li><li>Không có gì khác có thể giữ lại khoản rút: không có thuế, phí mở khóa hay yêu cầu doanh số đối với tiền nạp của chính bạn.</li></ul>",
    },
  },
  faq: {
    "account.10": {
      question: "Làm thế nào để đăng ký?",
      answer: "<p>Dùng tên tài khoản (4 đến 32 chữ cái, chữ số hoặc _ . -) hoặc địa chỉ e-mail, mật khẩu từ 6 đến 16 ký tự và mã mời hợp lệ. Đăng ký bằng địa chỉ e-mail cũng cần mã chúng tôi gửi đến địa chỉ đó.</p>",
    },
    "account.20": {
      question: "Tôi quên mật khẩu. Tôi phải làm gì?",
      answer: "<p>Trên trang đăng nhập, chọn \"Quên mật khẩu?\": chúng tôi gửi mã đến địa chỉ e-mail đã liên kết với tài khoản của bạn, rồi bạn đặt mật khẩu mới. Nếu chưa liên kết e-mail, hãy liên hệ bộ phận chăm sóc khách hàng.</p>",
    },
    "account.30": {
      question: "Vì sao tài khoản của tôi bị đóng băng?",
      answer: "<p>Tài khoản bị đóng băng không thể đăng nhập hay giao dịch. Hãy liên hệ bộ phận chăm sóc khách hàng từ thẻ Dịch vụ: họ sẽ cho bạn biết lý do và cách xử lý.</p>",
    },
    "security.10": {
      question: "Mật khẩu giao dịch là gì?",
      answer: "<p>Mật khẩu thứ hai, khác với mật khẩu đăng nhập, được yêu cầu khi bạn rút tiền. Đặt mật khẩu này tại Tài khoản, Trung tâm bảo mật. Mật khẩu dài từ 6 đến 16 ký tự.</p>",
    },
    "security.20": {
      question: "Vì sao việc rút tiền bị tạm dừng sau khi tôi đổi mật khẩu?",
      answer: "<p>Sau khi thay đổi mật khẩu đăng nhập, mật khẩu giao dịch hoặc Google 2FA, việc rút tiền tạm dừng 24 giờ. Nếu người khác đã thực hiện thay đổi, bạn có thời gian để phản ứng.</p>",
    },
    "security.30": {
      question: "Làm thế nào để bật Google 2FA?",
      answer: "<p>Trong Trung tâm bảo mật, Google 2FA: quét mã QR bằng ứng dụng xác thực, rồi xác nhận bằng mã 6 chữ số mà ứng dụng hiển thị.</p>",
    },
    "kyc.10": {
      question: "Xác minh danh tính mất bao lâu?",
      answer: "<p>Thường trong vòng 24 giờ. Bạn cần quốc gia, họ tên, loại và số giấy tờ, cùng ảnh mặt trước, mặt sau của giấy tờ và ảnh bạn cầm giấy tờ. Mỗi số giấy tờ chỉ được xác minh một lần.</p>",
    },
    "kyc.20": {
      question: "Những gì cần xác minh danh tính?",
      answer: "<p>Rút tiền cần đã xác minh thành công, và một số tính năng khác cũng vậy: ứng dụng sẽ báo cho bạn khi cần.</p>",
    },
    "deposit.10": {
      question: "Làm thế nào để nạp tiền?",
      answer: "<ol><li>Mở Nạp tiền và chọn mạng.</li><li>Gửi {deposit_currency} đến địa chỉ nhận được hiển thị (từ {deposit_min} đến {deposit_max} {deposit_currency}).</li><li>Tải lên ảnh chụp màn hình thanh toán có số tiền bạn đã gửi.</li></ol><p>Nhân viên vận hành đối chiếu với giao dịch chuyển đã nhận và ghi có vào ví của bạn, hoặc từ chối kèm lý do hiển thị trong lịch sử nạp tiền. Khi đang chờ duyệt, bạn có thể hủy.</p>",
    },
    "deposit.20": {
      question: "Tôi có thể nạp loại tiền khác, hoặc bằng chuyển khoản ngân hàng không?",
      answer: "<p>Chỉ nạp bằng {deposit_currency}: hãy chuyển đổi các loại tiền khác sang {deposit_currency} trong ví của bạn. Để chuyển khoản ngân hàng, hãy liên hệ bộ phận chăm sóc khách hàng trước; trang chuyển khoản ngân hàng giải thích các bước.</p>",
    },
    "deposit.30": {
      question: "Vì sao lệnh nạp của tôi bị từ chối?",
      answer: "<p>Lý do hiển thị trong lịch sử nạp tiền. Nguyên nhân thường gặp: số tiền không khớp với giao dịch chuyển đã nhận, không tìm thấy giao dịch chuyển, hoặc ảnh chụp màn hình đã được dùng cho một lần nạp khác.</p>",
    },
    "withdrawal.10": {
      question: "Quy định rút tiền là gì?",
      answer: "<ul><li>Tối thiểu {withdraw_min} {withdraw_currency}; phí {withdraw_fee} {withdraw_currency}, trừ vào số tiền rút (rút {withdraw_min} bạn nhận {withdraw_min_receive}).</li><li>Đã xác minh danh tính, có mật khẩu giao dịch, có địa chỉ rút tiền đã lưu, không có vị thế đòn bẩy đang mở.</li><li>Mỗi lần chỉ một yêu cầu đang chờ.</li></ul>",
    },
    "withdrawal.20": {
      question: "Rút tiền mất bao lâu?",
      answer: "<p>Nhân viên vận hành xét duyệt từng yêu cầu; {withdraw_currency} thường đến trong vòng 24 giờ kể từ khi yêu cầu. Trước đó số tiền bị đóng băng. Yêu cầu bị từ chối sẽ trả số tiền về số dư khả dụng của bạn, kèm lý do.</p>",
    },
    "withdrawal.30": {
      question: "Còn điều gì khác có thể giữ lại khoản rút của tôi không?",
      answer: "<p>Không. Chỉ áp dụng các quy định đã công bố (mức tối thiểu, phí, xét duyệt, một yêu cầu đang chờ, xác minh danh tính, tạm dừng 24 giờ sau khi thay đổi bảo mật). Không có thuế, phí mở khóa hay yêu cầu doanh số đối với tiền nạp của chính bạn.</p>",
    },
    "trading.10": {
      question: "Giao dịch của tôi được thanh toán theo giá nào?",
      answer: "<p>Theo giá đã ghi nhận từ nguồn giá thị trường. Mỗi lần thanh toán đều hiển thị giá và thời điểm của tick đã dùng. Không có giá riêng cho từng người dùng. Khi nguồn giá mô phỏng đang bật, các màn hình giá có huy hiệu \"dữ liệu thị trường demo\".</p>",
    },
    "trading.20": {
      question: "Chốt lời và cắt lỗ là gì?",
      answer: "<p>Mức giá mà tại đó vị thế đang mở tự đóng. Không mức nào được bằng 0. Với vị thế mua (mua lên), chốt lời không được thấp hơn giá mở và giá hiện tại, còn cắt lỗ không được cao hơn chúng; với vị thế bán (mua xuống), thì ngược lại.</p>",
    },
    "options.10": {
      question: "Quyền chọn theo thời gian là gì?",
      answer: "<p>Bạn chọn một cặp, một hướng (lên hoặc xuống), một thời hạn với tỷ lệ chi trả tương ứng, và một số tiền đặt. Khi hết thời gian, giá lúc đáo hạn được so sánh với giá mở.</p>",
    },
    "options.20": {
      question: "Quyền chọn theo thời gian được thanh toán thế nào?",
      answer: "<p>Theo tick đầu tiên tại hoặc sau thời điểm đáo hạn, so với tick mở; cả hai tick (giá và thời gian) đều được hiển thị cùng kết quả.</p><ul><li>Thắng: bạn nhận lại tiền đặt cộng tiền đặt × tỷ lệ chi trả.</li><li>Thua: mất tiền đặt.</li><li>Giá bằng nhau: tiền đặt được hoàn lại.</li></ul>",
    },
    "options.30": {
      question: "Giá trị kỳ vọng của quyền chọn theo thời gian là bao nhiêu?",
      answer: "<p>Khi thắng, số tiền trả về ít hơn số tiền đặt phải chịu rủi ro: tỷ lệ chi trả dưới 100%. Với cơ hội thắng thua ngang nhau, một giao dịch có tỷ lệ chi trả r dự kiến lỗ tiền đặt × (1 − r) / 2. Màn hình giao dịch hiển thị tỷ lệ và giá trị kỳ vọng trước khi bạn xác nhận.</p>",
    },
    "options.40": {
      question: "Vì sao tôi không thể giao dịch quyền chọn?",
      answer: "<p>Quyền chọn theo thời gian có thể bị tắt theo quốc gia, và một cặp có thể bị đóng giao dịch. Ứng dụng sẽ cho bạn biết trường hợp nào áp dụng.</p>",
    },
    "earn.10": {
      question: "Kinh doanh chênh lệch giá AI trả lợi nhuận thế nào?",
      answer: "<p>Lợi nhuận theo lãi suất ngày được công bố khi bạn đăng ký (hiển thị dưới dạng lãi suất ngày và lãi suất năm), ghi có mỗi ngày vào ví {deposit_currency} của bạn; tiền gốc được trả lại khi hết kỳ hạn. Trang sản phẩm hiển thị chênh lệch giá giữa các sàn mà hệ thống tìm thấy.</p>",
    },
    "earn.20": {
      question: "Tôi có thể kết thúc gói lưu ký sớm không?",
      answer: "<p>Có. Kết thúc sớm sẽ trả lại tiền gốc trừ khoản phạt đã công bố, được hiển thị trước khi bạn xác nhận.</p>",
    },
    "loans.10": {
      question: "Lãi khoản vay được tính thế nào?",
      answer: "<p>Lãi = số tiền × lãi suất ngày × số ngày, đến hạn trả cùng với số tiền vay. Khoản vay quá hạn cộng thêm phí quá hạn hằng ngày đã công bố. Biểu mẫu đăng ký hiển thị lãi suất năm và tổng số tiền phải trả trước khi bạn gửi.</p>",
    },
    "referral.10": {
      question: "Phần thưởng giới thiệu hoạt động thế nào?",
      answer: "<p>Trang Mời bạn bè hiển thị mã mời và liên kết mời của bạn, cùng phần thưởng hiện tại và điều kiện của nó.</p>",
    },
    "other.10": {
      question: "Làm sao để kiểm tra số dư của tôi là đúng?",
      answer: "<p>Lịch sử tài chính liệt kê mọi bút toán sổ cái kèm lý do, và cộng lại bằng số dư của bạn. Thao tác của nhân viên vận hành được ghi vào nhật ký kiểm toán, và mọi điều chỉnh thủ công đều xuất hiện trong lịch sử của bạn kèm lý do.</p>",
    },
  },
  documents: {
    fwxy: {
      title: "Thỏa thuận dịch vụ",
      body: "<p>Thỏa thuận này là giữa bạn và đơn vị vận hành nền tảng. Khi đăng ký, bạn chấp nhận thỏa thuận. Đơn vị vận hành có thể thay văn bản này; phiên bản hiển thị ở đây là phiên bản có hiệu lực.</p><ol><li><strong>Tài khoản của bạn.</strong> Hãy tự giữ mật khẩu đăng nhập, mật khẩu giao dịch và ứng dụng xác thực. Mọi thao tác thực hiện bằng chúng được coi là của bạn.</li><li><strong>Danh tính.</strong> Rút tiền và một số sản phẩm cần xác minh danh tính đã được duyệt. Hãy cung cấp giấy tờ thật; tài khoản mở bằng giấy tờ giả có thể bị đóng.</li><li><strong>Tiền của bạn.</strong> Mọi thay đổi số dư là một bút toán sổ cái kèm nguyên nhân, hiển thị trong lịch sử tài chính. Nhân viên vận hành duyệt nạp và rút trước khi ghi có hoặc chi trả.</li><li><strong>Rủi ro.</strong> Hợp đồng, quyền chọn theo thời gian, ngoại hối và kim loại có thể mất một phần hoặc toàn bộ số tiền bỏ ra. Hãy đọc cảnh báo rủi ro của từng sản phẩm trước khi giao dịch. Không nội dung nào ở đây là tư vấn đầu tư.</li><li><strong>Phí.</strong> Phí của từng sản phẩm được hiển thị trước khi bạn xác nhận. Không có khoản phí nào khác bị trừ từ số dư.</li><li><strong>Hành vi.</strong> Không dùng nền tảng để rửa tiền, lừa đảo hay vi phạm pháp luật nước bạn. Đơn vị vận hành có thể tạm khóa tài khoản vi phạm và lưu hồ sơ theo quy định pháp luật.</li><li><strong>Thay đổi.</strong> Mọi thay đổi của thỏa thuận được thông báo trước khi áp dụng. Thắc mắc: liên hệ chăm sóc khách hàng ở thẻ Dịch vụ.</li></ol>",
    },
  },
};
