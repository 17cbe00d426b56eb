// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC4337} from "solady/accounts/ERC4337.sol";
import {LibClone} from "solady/utils/LibClone.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";

/// The devnet's smart account: Solady's ERC-4337 account (EntryPoint v0.7, ERC-1271 through the
/// ERC-7739 nested typed-data path) plus session keys. The owner grants a key an expiry and
/// exactly what it may do:
/// - a native allowance: plain transfers (no call data, a value above zero) to any address but
///   this account, up to that much in total;
/// - call permissions: one contract and one function selector each (or, with `anyFunction`, any
///   function of that contract, sending no value), each with its own total value limit.
/// Nothing else: a call with data to a contract not listed, or to a function not listed, is
/// refused, however small its value. The session's budget is the sum of those limits and is
/// checked too. A user operation signed by the key is checked during validation (and its value
/// counted then), so the EntryPoint refuses anything not granted before it runs. The expiry
/// travels as `validUntil` in the validation data, so the EntryPoint itself enforces it.
/// Devnet software: not audited, not for real funds.
contract DevnetAccount is ERC4337 {
    /// What the owner grants: `target`'s function `selector` (or any of its functions when
    /// `anyFunction`, with `selector` zero and `valueLimit` zero), sending up to `valueLimit` in total.
    struct CallPermission {
        address target;
        bytes4 selector;
        bool anyFunction;
        uint128 valueLimit;
    }

    /// A call permission as the chain holds it, with what it has sent so far.
    struct CallGrant {
        address target;
        bytes4 selector;
        bool anyFunction;
        uint128 valueLimit;
        uint128 spent;
    }

    struct Session {
        uint48 validUntil;
        /// The budget: the native allowance plus every call permission's value limit.
        uint128 valueLimit;
        uint128 spent;
        uint128 nativeAllowance;
        uint128 nativeSpent;
        CallGrant[] calls;
    }

    mapping(address => Session) private _sessions;
    address[] private _sessionKeys;

    event SessionKeyAdded(address indexed key, uint48 validUntil, uint128 nativeAllowance, CallPermission[] calls);
    event SessionKeyRemoved(address indexed key);

    error SessionKeyExists();
    error SessionKeyUnknown();
    /// A call permission names no contract or this account, repeats another, or gives "any
    /// function" a selector or a value limit.
    error SessionPermissionInvalid(uint256 index);
    /// The user operation is not `execute` or `executeBatch`.
    error SessionCallNotAllowed();
    /// A call with data to a contract the session lists no permission for (or to this account).
    error SessionTargetNotAllowed(address target);
    /// A call to a listed contract, but to a function the session does not list.
    error SessionFunctionNotAllowed(address target, bytes4 selector);
    /// A plain transfer (no call data) without a native allowance, or of no value.
    error SessionTransferNotAllowed(address to);
    error SessionValueLimitExceeded(uint256 requested, uint256 remaining);

    /// A session-key signature: the key's address (20 bytes) followed by its 65-byte signature.
    uint256 private constant SESSION_SIGNATURE_LENGTH = 85;

    modifier onlySelfOrOwner() {
        if (msg.sender != address(this) && msg.sender != owner()) revert Unauthorized();
        _;
    }

    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("DevnetAccount", "1");
    }

    /// Grants `key` a session until `validUntil` (unix seconds): plain transfers up to
    /// `nativeAllowance` in total, and the listed calls, each within its own value limit.
    function addSessionKey(address key, uint48 validUntil, uint128 nativeAllowance, CallPermission[] calldata calls) external onlySelfOrOwner {
        if (key == address(0) || validUntil == 0) revert SessionKeyUnknown();
        if (_sessions[key].validUntil != 0) revert SessionKeyExists();
        Session storage s = _sessions[key];
        s.validUntil = validUntil;
        s.nativeAllowance = nativeAllowance;
        uint256 budget = nativeAllowance;
        for (uint256 i; i < calls.length; ++i) {
            CallPermission calldata c = calls[i];
            if (c.target == address(0) || c.target == address(this)) revert SessionPermissionInvalid(i);
            if (c.anyFunction && (c.selector != bytes4(0) || c.valueLimit != 0)) revert SessionPermissionInvalid(i);
            for (uint256 j; j < i; ++j) {
                if (calls[j].target == c.target && calls[j].anyFunction == c.anyFunction && calls[j].selector == c.selector) revert SessionPermissionInvalid(i);
            }
            s.calls.push(CallGrant(c.target, c.selector, c.anyFunction, c.valueLimit, 0));
            budget += c.valueLimit;
        }
        if (budget > type(uint128).max) revert SessionValueLimitExceeded(budget, type(uint128).max);
        s.valueLimit = uint128(budget);
        _sessionKeys.push(key);
        emit SessionKeyAdded(key, validUntil, nativeAllowance, calls);
    }

    function removeSessionKey(address key) external onlySelfOrOwner {
        if (_sessions[key].validUntil == 0) revert SessionKeyUnknown();
        delete _sessions[key];
        uint256 n = _sessionKeys.length;
        for (uint256 i; i < n; ++i) {
            if (_sessionKeys[i] == key) {
                _sessionKeys[i] = _sessionKeys[n - 1];
                _sessionKeys.pop();
                break;
            }
        }
        emit SessionKeyRemoved(key);
    }

    function sessionKeys() external view returns (address[] memory) {
        return _sessionKeys;
    }

    function getSession(address key)
        external
        view
        returns (uint48 validUntil, uint128 valueLimit, uint128 spent, uint128 nativeAllowance, uint128 nativeSpent, CallGrant[] memory calls)
    {
        Session storage s = _sessions[key];
        return (s.validUntil, s.valueLimit, s.spent, s.nativeAllowance, s.nativeSpent, s.calls);
    }

    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        override
        returns (uint256 validationData)
    {
        if (userOp.signature.length != SESSION_SIGNATURE_LENGTH) return super._validateSignature(userOp, userOpHash);
        address key = address(bytes20(userOp.signature[0:20]));
        Session storage s = _sessions[key];
        if (s.validUntil == 0) return 1;
        // The policy is checked (and the budget spent) even when the signature is a gas-estimation
        // stub, so an estimate covers the real path.
        _spend(s, userOp.callData);
        bool valid = ECDSA.tryRecoverCalldata(SignatureCheckerLib.toEthSignedMessageHash(userOpHash), userOp.signature[20:]) == key;
        validationData = (valid ? 0 : 1) | (uint256(s.validUntil) << 160);
    }

    /// A session key may only call `execute` or `executeBatch`, and each call must be granted.
    function _spend(Session storage s, bytes calldata callData) private {
        if (callData.length < 4) revert SessionCallNotAllowed();
        bytes4 selector = bytes4(callData[0:4]);
        uint256 total;
        if (selector == this.execute.selector) {
            (address target, uint256 value, bytes memory data) = abi.decode(callData[4:], (address, uint256, bytes));
            total = _spendCall(s, target, value, data);
        } else if (selector == this.executeBatch.selector) {
            Call[] memory calls = abi.decode(callData[4:], (Call[]));
            for (uint256 i; i < calls.length; ++i) total += _spendCall(s, calls[i].target, calls[i].value, calls[i].data);
        } else {
            revert SessionCallNotAllowed();
        }
        uint256 remaining = s.valueLimit - s.spent;
        if (total > remaining) revert SessionValueLimitExceeded(total, remaining);
        s.spent += uint128(total);
    }

    /// One call: a plain transfer spends the native allowance; a call with data must match a
    /// call permission for its target (its exact selector first, else "any function") and spends
    /// that permission's limit. Never this account itself.
    function _spendCall(Session storage s, address target, uint256 value, bytes memory data) private returns (uint256) {
        if (target == address(this)) revert SessionTargetNotAllowed(target);
        if (data.length == 0) {
            if (s.nativeAllowance == 0 || value == 0) revert SessionTransferNotAllowed(target);
            uint256 left = s.nativeAllowance - s.nativeSpent;
            if (value > left) revert SessionValueLimitExceeded(value, left);
            s.nativeSpent += uint128(value);
            return value;
        }
        bytes4 fn = data.length < 4 ? bytes4(0) : bytes4(data);
        uint256 n = s.calls.length;
        uint256 found = type(uint256).max;
        bool listed;
        for (uint256 i; i < n; ++i) {
            CallGrant storage c = s.calls[i];
            if (c.target != target) continue;
            listed = true;
            if (!c.anyFunction && data.length >= 4 && c.selector == fn) {
                found = i;
                break;
            }
            if (c.anyFunction) found = i;
        }
        if (!listed) revert SessionTargetNotAllowed(target);
        if (found == type(uint256).max) revert SessionFunctionNotAllowed(target, fn);
        CallGrant storage g = s.calls[found];
        uint256 remaining = g.valueLimit - g.spent;
        if (value > remaining) revert SessionValueLimitExceeded(value, remaining);
        g.spent += uint128(value);
        return value;
    }
}

/// Creates DevnetAccount clones (ERC-1967 proxies) at CREATE2 addresses, with the ABI viem's
/// `toSoladySmartAccount` calls. The salt must start with the owner's address, so no one else can
/// take an owner's account address.
contract DevnetAccountFactory {
    address public immutable implementation;

    error SaltDoesNotStartWithOwner();

    constructor(address erc4337) payable {
        implementation = erc4337;
    }

    function createAccount(address owner, bytes32 salt) public payable returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltDoesNotStartWithOwner();
        (bool alreadyDeployed, address account) = LibClone.createDeterministicERC1967(msg.value, implementation, salt);
        if (!alreadyDeployed) DevnetAccount(payable(account)).initialize(owner);
        return account;
    }

    function getAddress(bytes32 salt) public view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(implementation, salt, address(this));
    }
}
