/**
 * Success messages, in a module of their own so a client screen that toasts "Logged in" does not
 * download the whole error catalogue. server/contract/messages.ts re-exports them with the rest of the catalogue.
 */

export interface SuccessDef {
  key: string;
  en: string;
}

const s = /* @__NO_SIDE_EFFECTS__ */ (key: string, en: string): SuccessDef => ({ key, en });

/** Success messages; the client shows them after the matching call succeeds. */
export const successes = {
  LOGIN: s("登录成功", "Logged in"),
  REGISTER: s("注册成功", "Registration successful"),
  SAVE: s("保存成功", "Saved"),
  ADD: s("添加成功", "Added"),
  SET: s("设置成功", "Set successfully"),
  UPDATE: s("更新成功", "Updated"),
  SUBMIT_REVIEW: s("提交成功，等待审核", "Submitted, awaiting review"),
  CANCEL: s("取消成功", "Cancelled"),
  ORDER_CANCELLED: s("撤单成功", "Order cancelled"),
  DEPOSIT: s("充值成功", "Deposit successful"),
  PASSWORD_CHANGED: s("密码修改成功", "Password changed"),
  LOGOUT: s("退出成功", "Logged out"),
  EMAIL_BOUND: s("邮箱绑定成功", "E-mail bound"),
  WITHDRAW_SUBMITTED: s("提现申请已提交，等待审核", "Withdrawal request submitted, awaiting approval"),
  ADDRESS_ADDED: s("提现地址添加成功", "Withdrawal address added"),
  ADDRESS_DELETED: s("提现地址删除成功", "Withdrawal address deleted"),
  CONTRACT_BREAK: s("解约成功", "Contract break successful"),
  COPIED: s("复制成功", "Copied"),
  CODE_SENT: s("验证码已发送", "Verification code sent"),
  ORDER_PLACED: s("下单成功", "Order placed"),
  POSITION_CLOSED: s("平仓成功", "Position closed"),
  STOPS_SET: s("止盈止损设置成功", "Take-profit and stop-loss set"),
} as const satisfies Record<string, SuccessDef>;

export type SuccessCode = keyof typeof successes;
