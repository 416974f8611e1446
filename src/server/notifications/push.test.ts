import { describe, expect, it } from 'vitest';
import {
  deviceLabel,
  isAllowedPushEndpoint,
  pushEndpointProblem,
  PUSH_ENDPOINT_PROBLEMS,
} from './push';

describe('isAllowedPushEndpoint', () => {
  it('takes the browsers’ push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, [])).toBe(true);
    }
  });

  it('refuses anything the server should not POST to', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:444/fcm/send/x',
      'https://fcm.googleapis.com.attacker.test/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://169.254.169.254/latest',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, [])).toBe(false);
    }
  });

  it('takes the origins the operator names, exactly', () => {
    const origins = ['https://127.0.0.1:8443'];
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/device/1', origins)).toBe(true);
    expect(isAllowedPushEndpoint('https://127.0.0.1:8444/device/1', origins)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:8443/device/1', origins)).toBe(false);
  });
});

describe('pushEndpointProblem', () => {
  it('refuses an endpoint the sender (web-push, url.parse) would read as another host', () => {
    const origins = ['https://127.0.0.1:8443'];
    for (const endpoint of [
      'https:fcm.googleapis.com/fcm/send/x',
      'https:/fcm.googleapis.com/fcm/send/x',
      'https:\\\\fcm.googleapis.com/fcm/send/x',
      'https:127.0.0.1:8443/device/1',
      'https://FCM.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:443/fcm/send/x',
      'https://fcm.googleapis.com/fcm/send/a b',
    ]) {
      expect(pushEndpointProblem(endpoint, origins), endpoint).toBe(
        PUSH_ENDPOINT_PROBLEMS.notNormalised,
      );
    }
  });

  it('takes an endpoint as browsers write it', () => {
    expect(pushEndpointProblem('https://fcm.googleapis.com/fcm/send/abc:def', [])).toBeNull();
    expect(
      pushEndpointProblem('https://127.0.0.1:8443/device/1', ['https://127.0.0.1:8443']),
    ).toBeNull();
  });
});

describe('deviceLabel', () => {
  it('names browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceLabel('Mozilla/5.0 (Windows NT 10.0; rv:130.0) Gecko/20100101 Firefox/130.0'),
    ).toBe('Firefox on Windows');
    expect(deviceLabel(undefined)).toBe('Browser');
  });
});
