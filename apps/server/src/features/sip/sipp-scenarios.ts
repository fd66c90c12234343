/**
 * SIPp scenarios for sipp.test.ts, written as SIPp's XML. Keywords in brackets are SIPp's own ([call_id], [branch],
 * [media_port]…) or the test's, passed with -key ([caller], [codecs]); values SIPp reads from attributes (a status
 * to expect, a file to play, a pause) are written into the XML.
 */

const header = `<?xml version="1.0" encoding="ISO-8859-1" ?>`;

/** The caller's INVITE with an SDP offer of [codecs] (payload types, e.g. "0 101") and their rtpmaps. */
const invite = `
  <send retrans="500">
    <![CDATA[

      INVITE sip:[service]@[remote_ip]:[remote_port] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      To: <sip:[service]@[remote_ip]:[remote_port]>
      Call-ID: [call_id]
      CSeq: 1 INVITE
      Contact: <sip:[caller]@[local_ip]:[local_port];transport=[transport]>
      Max-Forwards: 70
      User-Agent: SIPp
      Content-Type: application/sdp
      Content-Length: [len]

      v=0
      o=sipp 1 1 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [media_port] RTP/AVP [codecs]
      a=rtpmap:0 PCMU/8000
      a=rtpmap:8 PCMA/8000
      a=rtpmap:101 telephone-event/8000
      a=fmtp:101 0-15
      a=sendrecv

    ]]>
  </send>`;

/** The ACK of a 2xx, to the Contact and route set the answer gave. */
const ack = `
  <send>
    <![CDATA[

      ACK [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      [last_To:]
      [routes]
      Call-ID: [call_id]
      CSeq: 1 ACK
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>`;

/** The caller hangs up. */
const bye = `
  <send retrans="500">
    <![CDATA[

      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      [last_To:]
      [routes]
      Call-ID: [call_id]
      CSeq: 2 BYE
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
  <recv response="200" crlf="true"/>`;

/** The answer, with a check that the endpoint chose the payload type `codec` from the offer. */
const answered = (codec: number) => `
  <recv response="100" optional="true"/>
  <recv response="180" optional="true"/>
  <recv response="183" optional="true"/>
  <recv response="200" rtd="true" rrs="true">
    <action>
      <ereg regexp="m=audio [0-9]+ RTP/AVP ${codec}( |\\r|\\n)" search_in="body" check_it="true" assign_to="chosen"/>
    </action>
  </recv>`;

/** A call refused before its answer with `status` (403, 404…), acknowledged as RFC 3261 §17.1.1.3 says. */
export const refusedCall = (status: number) => `${header}
<scenario name="refused call">${invite}
  <recv response="100" optional="true"/>
  <recv response="${status}"/>
  <send>
    <![CDATA[

      ACK sip:[service]@[remote_ip]:[remote_port] SIP/2.0
      [last_Via:]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      [last_To:]
      Call-ID: [call_id]
      CSeq: 1 ACK
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
</scenario>`;

/** An answered call: `pcap` is played (`playMs` long: speech, then digits), then the caller hangs up. */
export const talkingCall = (codec: number, pcap: string, playMs: number) => `${header}
<scenario name="talking call">${invite}${answered(codec)}${ack}
  <nop>
    <action>
      <exec play_pcap_audio="${pcap}"/>
    </action>
  </nop>
  <pause milliseconds="${playMs}"/>${bye}
  <Reference variables="chosen"/>
</scenario>`;

/** An answered call in which the caller plays `pcap` and then sends nothing: the endpoint hangs up. */
export const silentCall = (codec: number, pcap: string) => `${header}
<scenario name="caller goes silent">${invite}${answered(codec)}${ack}
  <nop>
    <action>
      <exec play_pcap_audio="${pcap}"/>
    </action>
  </nop>
  <recv request="BYE"/>
  <send>
    <![CDATA[

      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0

    ]]>
  </send>
  <Reference variables="chosen"/>
</scenario>`;

/** The caller gives up while it rings: CANCEL, 200 to it, 487 to the INVITE, and the ACK of the 487. */
export const canceledCall = `${header}
<scenario name="canceled call">${invite}
  <recv response="100" optional="true"/>
  <recv response="180"/>
  <send>
    <![CDATA[

      CANCEL sip:[service]@[remote_ip]:[remote_port] SIP/2.0
      [last_Via:]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      To: <sip:[service]@[remote_ip]:[remote_port]>
      Call-ID: [call_id]
      CSeq: 1 CANCEL
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
  <recv response="200"/>
  <recv response="487"/>
  <send>
    <![CDATA[

      ACK sip:[service]@[remote_ip]:[remote_port] SIP/2.0
      [last_Via:]
      From: "SIPp" <sip:[caller]@[local_ip]:[local_port]>;tag=[pid]SIPpTag00[call_number]
      [last_To:]
      Call-ID: [call_id]
      CSeq: 1 ACK
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
</scenario>`;

const registerAnswer = (status: string, extra: string) => `
  <send>
    <![CDATA[

      SIP/2.0 ${status}
      [last_Via:]
      [last_From:]
      [last_To:];tag=[pid]SIPpTag01[call_number]
      [last_Call-ID:]
      [last_CSeq:]
      ${extra}
      Content-Length: 0

    ]]>
  </send>`;

const challenge = (realm: string) =>
  `WWW-Authenticate: Digest realm="${realm}", nonce="[pid]n[call_number]sipp", algorithm=MD5`;

/**
 * A registrar: the first REGISTER is challenged, the second is checked by SIPp's own digest verification against
 * `user` and `password`: 200 with the binding for 60 s when right, a second 401 when wrong.
 */
export const registrar = (realm: string, user: string, password: string) => `${header}
<scenario name="registrar">
  <recv request="REGISTER"/>${registerAnswer('401 Unauthorized', challenge(realm))}
  <recv request="REGISTER">
    <action>
      <verifyauth assign_to="authvalid" username="${user}" password="${password}"/>
    </action>
  </recv>
  <nop test="authvalid" next="accepted"/>${registerAnswer('401 Unauthorized', challenge(realm))}
  <nop next="done"/>
  <label id="accepted"/>${registerAnswer('200 OK', '[last_Contact:];expires=60\n      Expires: 60')}
  <label id="done"/>
</scenario>`;
