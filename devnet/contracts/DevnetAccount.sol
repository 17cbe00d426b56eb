// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC4337} from "solady/accounts/ERC4337.sol";
import {LibClone} from "solady/utils/LibClone.sol";
import {ECDSA} from "solady/utils/ECDSA.sol";
import {SignatureCheckerLib} from "solady/utils/SignatureCheckerLib.sol";

/// The devnet's smart account: Solady's ERC-4337 account (EntryPoint v0.7, ERC-1271 through the
/// ERC-7739 nested typed-data path) plus session keys. The owner grants a key a total native-value
/// budget, an expiry and optionally a list of targets; a user operation signed by the key is
/// checked against them during validation, so the EntryPoint refuses an over-budget, off-list or
/// expired one before anything runs. The expiry travels as `validUntil` in the validation data,
/// so the EntryPoint itself enforces it. Devnet software: not audited, not for real funds.
contract DevnetAccount is ERC4337 {
    struct Session {
        uint48 validUntil;
        uint128 valueLimit;
        uint128 spent;
        address[] targets;
    }

    mapping(address => Session) private _sessions;
    address[] private _sessionKeys;

    event SessionKeyAdded(address indexed key, uint48 validUntil, uint128 valueLimit, address[] targets);
    event SessionKeyRemoved(address indexed key);

    error SessionKeyExists();
    error SessionKeyUnknown();
    error SessionCallNotAllowed();
    error SessionTargetNotAllowed(address target);
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

    /// Grants `key` a session: `valueLimit` wei in total, until `validUntil` (unix seconds), only to
    /// `targets` when the list is not empty. Never this account itself.
    function addSessionKey(address key, uint48 validUntil, uint128 valueLimit, address[] calldata targets) external onlySelfOrOwner {
        if (key == address(0) || validUntil == 0) revert SessionKeyUnknown();
        if (_sessions[key].validUntil != 0) revert SessionKeyExists();
        Session storage s = _sessions[key];
        s.validUntil = validUntil;
        s.valueLimit = valueLimit;
        s.targets = targets;
        _sessionKeys.push(key);
        emit SessionKeyAdded(key, validUntil, valueLimit, targets);
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
        returns (uint48 validUntil, uint128 valueLimit, uint128 spent, address[] memory targets)
    {
        Session storage s = _sessions[key];
        return (s.validUntil, s.valueLimit, s.spent, s.targets);
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

    /// A session key may only call `execute` or `executeBatch`, to allowed targets other than this
    /// account, within what is left of its budget.
    function _spend(Session storage s, bytes calldata callData) private {
        if (callData.length < 4) revert SessionCallNotAllowed();
        bytes4 selector = bytes4(callData[0:4]);
        uint256 total;
        if (selector == this.execute.selector) {
            (address target, uint256 value,) = abi.decode(callData[4:], (address, uint256, bytes));
            _checkTarget(s, target);
            total = value;
        } else if (selector == this.executeBatch.selector) {
            Call[] memory calls = abi.decode(callData[4:], (Call[]));
            for (uint256 i; i < calls.length; ++i) {
                _checkTarget(s, calls[i].target);
                total += calls[i].value;
            }
        } else {
            revert SessionCallNotAllowed();
        }
        uint256 remaining = s.valueLimit - s.spent;
        if (total > remaining) revert SessionValueLimitExceeded(total, remaining);
        s.spent += uint128(total);
    }

    function _checkTarget(Session storage s, address target) private view {
        if (target == address(this)) revert SessionTargetNotAllowed(target);
        uint256 n = s.targets.length;
        if (n == 0) return;
        for (uint256 i; i < n; ++i) if (s.targets[i] == target) return;
        revert SessionTargetNotAllowed(target);
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
